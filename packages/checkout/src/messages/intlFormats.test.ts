import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, numberFormat, pluralRules } from './intlFormats.js';

describe('intlFormats', () => {
  it('makes a formatter once per locale and options, and formats as a fresh one does', () => {
    const euro = { style: 'currency', currency: 'EUR' } as const;
    const de = numberFormat('de', euro);
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' })).toBe(de);
    expect(de.format(1234.5)).toBe(new Intl.NumberFormat('de', euro).format(1234.5));
    expect(numberFormat('fr', euro)).not.toBe(de);
    expect(numberFormat('de', { style: 'currency', currency: 'JPY' })).not.toBe(de);
    expect(numberFormat(undefined)).toBe(numberFormat(undefined, {}));
  });

  it('keeps dates, plurals and numbers apart', () => {
    const date = dateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' });
    expect(date.format(new Date('2026-12-10T00:00:00Z'))).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2026-12-10T00:00:00Z'),
      ),
    );
    expect(pluralRules('pl', { type: 'cardinal' }).select(5)).toBe('many');
    expect(pluralRules('pl', { type: 'cardinal' })).toBe(pluralRules('pl', { type: 'cardinal' }));
  });

  it('stays bounded when requests bring many different locales', () => {
    const first = numberFormat('en-x-first');
    for (let i = 0; i < 600; i++) numberFormat(`en-x-n${i}`);
    // The table was emptied on the way, so the first one is made again.
    expect(numberFormat('en-x-first')).not.toBe(first);
  });

  it('writes a date the one way the checkout does: long, in UTC, English for a refused locale', () => {
    // 23:30 UTC stays the 10th whatever the machine's time zone.
    const late = Date.parse('2026-12-10T23:30:00Z');
    expect(formatDate(late, 'en')).toBe('December 10, 2026');
    expect(formatDate('2026-12-10T23:30:00Z', 'de')).toBe('10. Dezember 2026');
    expect(formatDate(late, 'not a locale!')).toBe('December 10, 2026');
  });
});
