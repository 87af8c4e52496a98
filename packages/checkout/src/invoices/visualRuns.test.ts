// Lines of mixed direction, ordered for pdfkit: runs left to right, right-to-left font runs
// in logical order (fontkit reverses them), everything else as it is seen.

import { visualRuns } from './visualRuns.js';

const seen = (text: string, direction: 'ltr' | 'rtl' | 'auto', locale: 'en' | 'ar' | 'he' = 'ar') =>
  visualRuns(text, direction, locale).map((run) => [run.font, run.text]);

describe('visual runs of one line', () => {
  it('English stays one run', () => {
    expect(seen('Invoice INV-2026-000042 für Zoë', 'ltr', 'en')).toEqual([
      ['latin', 'Invoice INV-2026-000042 für Zoë'],
    ]);
  });

  it('an Arabic label and a Latin number: the number on the left, the words whole', () => {
    expect(seen('رقم الفاتورة: INV-2026-000042', 'rtl')).toEqual([
      ['latin', 'INV-2026-000042'],
      ['latin', ' :'],
      ['arabic', 'الفاتورة'],
      ['latin', ' '],
      ['arabic', 'رقم'],
    ]);
  });

  it('Arabic-Indic digits keep their order, one by one (fontkit would reverse a run)', () => {
    expect(seen('المجموع ١٢٣', 'rtl')).toEqual([
      ['arabic', '١'],
      ['arabic', '٢'],
      ['arabic', '٣'],
      ['latin', ' '],
      ['arabic', 'المجموع'],
    ]);
  });

  it('brackets in right-to-left text are mirrored: each still opens towards its words', () => {
    // Logical "(" after the first word is drawn on the word's right, as ")".
    expect(seen('ضريبة (العكسي)', 'rtl')).toEqual([
      ['latin', '('],
      ['arabic', 'العكسي'],
      ['latin', ') '],
      ['arabic', 'ضريبة'],
    ]);
  });

  it('a Latin address in an Arabic invoice reads left to right by itself (auto, like <bdi>)', () => {
    expect(seen('10115 Berlin', 'rtl')).toEqual([
      ['latin', 'Berlin'],
      ['latin', ' '],
      ['latin', '10115'],
    ]);
    expect(seen('10115 Berlin', 'auto')).toEqual([['latin', '10115 Berlin']]);
  });

  it('Hebrew takes the Hebrew font; direction marks from Intl are not drawn', () => {
    expect(seen('\u200Fסה״כ', 'rtl', 'he')).toEqual([['hebrew', 'סה״כ']]);
  });
});
