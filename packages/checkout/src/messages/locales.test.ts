import { IntlMessageFormat } from 'intl-messageformat';
import type { CompiledMessages } from './CheckoutMessages.js';
import { compileMessage, placeholdersOf } from './compileMessage.js';
import { defaultErrorMessages } from './errorMessages.js';
import { defaultFallbackMessages } from './fallbackMessages.js';
import { formatMessage } from './formatMessage.js';
import { ar } from './locales/ar.js';
import { da } from './locales/da.js';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { he } from './locales/he.js';
import { it as italian } from './locales/it.js';
import { ja } from './locales/ja.js';
import { ko } from './locales/ko.js';
import { nl } from './locales/nl.js';
import { pl } from './locales/pl.js';
import { ptBR } from './locales/pt-BR.js';
import { sv } from './locales/sv.js';
import { tr } from './locales/tr.js';
import { zhCN } from './locales/zh-CN.js';
import { LOCALES, type Locale } from './locales.js';
import { messagesFor, pageMessagesFor } from './messagesFor.js';
import { defaultNotFoundMessages, PAGE_MESSAGE_KEYS } from './pageMessageKeys.js';

// The sources as loose records: a locale that lacks a key (a string added in English only)
// must reach these tests, which name what is missing, rather than stop at the import.
const SOURCES: Record<Locale, Partial<Record<string, string>>> = {
  en,
  de,
  fr,
  es,
  it: italian,
  nl,
  'pt-BR': ptBR,
  pl,
  sv,
  da,
  ja,
  ko,
  'zh-CN': zhCN,
  tr,
  ar,
  he,
};
const ENGLISH: Record<string, string> = en;
const KEYS = Object.keys(ENGLISH);
const TREES = new Set(KEYS.filter((key) => typeof compileMessage(ENGLISH[key] ?? '') !== 'string'));
const PAGE_KEYS = new Set<string>(PAGE_MESSAGE_KEYS);

/** What the compiled modules hold for a key: the components' messages or the pages' text. */
function compiledOf(locale: Locale, key: string): unknown {
  const set: Record<string, unknown> = PAGE_KEYS.has(key)
    ? pageMessagesFor(locale)
    : (messagesFor(locale) as unknown as Record<string, unknown>);
  return set[key];
}

/** Runs `check` on every message of every locale and lists what it reports. */
function problems(check: (locale: Locale, key: string, source: string) => string | null): string[] {
  const found: string[] = [];
  for (const locale of LOCALES) {
    for (const key of KEYS) {
      const source = SOURCES[locale][key];
      if (source === undefined) continue;
      const problem = check(locale, key, source);
      if (problem) found.push(`${locale}.${key}: ${problem}`);
    }
  }
  return found;
}

describe('the 16 locales', () => {
  it('ship every locale Plankit lists, English first', () => {
    expect(Object.keys(SOURCES)).toEqual([...LOCALES]);
    expect(LOCALES).toHaveLength(16);
  });

  it('have every key English has, and no other', () => {
    const found: string[] = [];
    for (const locale of LOCALES) {
      const keys = Object.keys(SOURCES[locale]);
      const missing = KEYS.filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !KEYS.includes(key));
      if (missing.length > 0) found.push(`${locale} lacks: ${missing.join(', ')}`);
      if (extra.length > 0) found.push(`${locale} has keys English lacks: ${extra.join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it('have messages that parse as ICU MessageFormat', () => {
    expect(
      problems((_, key, source) => {
        try {
          compileMessage(source, TREES.has(key));
          return null;
        } catch (error) {
          return (error as Error).message;
        }
      }),
    ).toEqual([]);
  });

  it('use no placeholder the English message lacks', () => {
    expect(
      problems((_, key, source) => {
        const english = placeholdersOf(asTree(ENGLISH[key] ?? ''));
        const extra = [...placeholdersOf(asTree(source))].filter((name) => !english.has(name));
        return extra.length > 0 ? `uses {${extra.join('}, {')}}, which English lacks` : null;
      }),
    ).toEqual([]);
  });

  it('are not left in English by mistake where a translation is expected', () => {
    // Labels that are the same word in many languages (Plan, CVC, Total) may match.
    const same = problems((locale, key, source) =>
      locale !== 'en' && source === ENGLISH[key] && source.length > 12
        ? 'is the English text'
        : null,
    );
    expect(same).toEqual([]);
  });

  it('are compiled: src/messages/compiled is up to date (pnpm messages:compile)', () => {
    expect(
      problems((locale, key, source) => {
        const compiled = compiledOf(locale, key);
        return JSON.stringify(compiled) === JSON.stringify(compileMessage(source, TREES.has(key)))
          ? null
          : 'compiled text differs from the source: run pnpm messages:compile';
      }),
    ).toEqual([]);
  });

  it('format in the browser exactly as intl-messageformat formats them', () => {
    const values = (count: number) => ({
      days: count,
      seats: count,
      minutes: count,
      min: 2,
      max: 50,
      percent: 20,
      rate: 8.1,
      code: 'LAUNCH20',
      amount: '€9.00',
      price: '€15.00',
      plan: 'Pro',
      date: '1 May 2027',
      merchant: 'Plankit Demo',
      brand: 'Visa',
      brands: 'Visa, Mastercard and American Express',
      last4: '4242',
      reference: 'PK-7F3K-92QD',
      email: 'ada@example.com',
      status: 'Active',
      base: '€80.00',
      number: 'INV-2026-000042',
    });
    const found: string[] = [];
    for (const count of [0, 1, 2, 3, 5, 11, 14, 21, 100, 102]) {
      found.push(
        ...problems((locale, key, source) => {
          const expected = new IntlMessageFormat(source, locale, undefined, {
            ignoreTag: true,
          }).format(values(count));
          const compiled = compiledOf(locale, key) as CompiledMessages['summarySeats'] | string;
          const actual = formatMessage(compiled, values(count), locale);
          return actual === expected
            ? null
            : `${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
        }),
      );
    }
    expect(found).toEqual([]);
  });

  it('give each plural of seats and trial days its own form where the language has one', () => {
    const text = (locale: Locale, key: 'summarySeats' | 'planTrialBadge', n: number) =>
      formatMessage(messagesFor(locale)[key], { seats: n, days: n, price: '€15.00' }, locale);
    expect(text('en', 'summarySeats', 1)).toBe('1 seat × €15.00');
    expect(text('en', 'summarySeats', 3)).toBe('3 seats × €15.00');
    expect(text('de', 'planTrialBadge', 1)).toBe('1 Tag kostenlos testen');
    expect(text('de', 'planTrialBadge', 14)).toBe('14 Tage kostenlos testen');
    expect(text('pl', 'summarySeats', 1)).toBe('1 użytkownik × €15.00');
    expect(text('pl', 'summarySeats', 5)).toBe('5 użytkowników × €15.00');
    expect(text('ar', 'summarySeats', 2)).toBe('مستخدمان × €15.00');
    expect(text('he', 'planTrialBadge', 2)).toBe('יומיים ניסיון חינם');
  });

  it('keep the host pages’ text plain, so a page needs no formatter', () => {
    for (const key of PAGE_MESSAGE_KEYS) expect(TREES.has(key)).toBe(false);
  });

  it('keep the error, fallback and not-found components’ own English equal to en.ts', () => {
    for (const [key, value] of Object.entries({
      ...defaultErrorMessages,
      ...defaultFallbackMessages,
      ...defaultNotFoundMessages,
    })) {
      expect(value).toBe(ENGLISH[key]);
    }
  });
});

function asTree(source: string) {
  const compiled = compileMessage(source, true);
  return typeof compiled === 'string' ? [] : compiled;
}
