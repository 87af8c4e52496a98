// The fonts an invoice is drawn with: Noto Sans (Latin, Greek, Cyrillic), Noto Naskh Arabic
// and Noto Sans Hebrew ship with the package as dependencies (@embedpdf/fonts-*, SIL Open
// Font License 1.1, TrueType files that pdfkit embeds as subsets: a PDF carries only the
// glyphs it uses). The Japanese, Chinese and Korean fonts are 4–9 MB each, so they are
// optional: a host that installs `@embedpdf/fonts-jp`, `-sc` or `-kr` gets invoices in
// Japanese, Chinese or Korean; without them such an invoice falls back to English
// (`invoiceLocaleOf`), and CJK text a buyer typed draws blank.

import { dirname, join } from 'node:path';
import { type Locale, shippedLocaleOf } from '../messages/locales.js';

/** A font slot of the invoice. */
export type FontKey =
  | 'latin'
  | 'latinBold'
  | 'arabic'
  | 'arabicBold'
  | 'hebrew'
  | 'hebrewBold'
  | 'jp'
  | 'sc'
  | 'kr';

const FILES: Record<FontKey, [pkg: string, file: string]> = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  latinBold: ['@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
  arabicBold: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'],
  hebrew: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'],
  hebrewBold: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Bold.ttf'],
  jp: ['@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
  kr: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
};

const found = new Map<FontKey, string | null>();

/**
 * The font file of a slot, or null when its package is not installed. The packages export
 * only their index, so the file is found next to it (`dist/` → `fonts/`).
 */
export function fontPath(key: FontKey): string | null {
  const known = found.get(key);
  if (known !== undefined) return known;
  const [pkg, file] = FILES[key];
  let path: string | null = null;
  try {
    // Node.js resolves it at run time, from this module. A bundler must not: Next.js's
    // Turbopack turns `createRequire(import.meta.url).resolve(…)` into its own module ids,
    // so `createRequire` comes through `process.getBuiltinModule`, which none analyses.
    const { createRequire } = process.getBuiltinModule('node:module');
    path = join(dirname(createRequire(import.meta.url).resolve(pkg)), '..', 'fonts', file);
  } catch {
    path = null;
  }
  found.set(key, path);
  return path;
}

const CJK_FONT: Partial<Record<Locale, FontKey>> = { ja: 'jp', 'zh-CN': 'sc', ko: 'kr' };

/**
 * The language an invoice is written in: the buyer's shipped locale, or English when that
 * locale's script needs a font that is not installed (see the top of this file).
 */
export function invoiceLocaleOf(locale: string | null | undefined): Locale {
  const shipped = shippedLocaleOf(locale);
  const cjk = CJK_FONT[shipped];
  return cjk && !fontPath(cjk) ? 'en' : shipped;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const CJK = /[\u3000-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;
const SPACE = /\s/;

/**
 * The font slot a character is drawn with in an invoice of `locale`. Ideographs use the
 * locale's CJK font, else any installed one.
 */
export function fontOfChar(char: string, locale: Locale): FontKey {
  if (SPACE.test(char)) return 'latin';
  if (ARABIC.test(char)) return 'arabic';
  if (HEBREW.test(char)) return 'hebrew';
  if (HANGUL.test(char)) return fontPath('kr') ? 'kr' : 'latin';
  if (CJK.test(char)) {
    const preferred = CJK_FONT[locale];
    const choice = [preferred, 'jp', 'sc', 'kr'].find(
      (key): key is FontKey => key !== undefined && fontPath(key as FontKey) !== null,
    );
    return choice ?? 'latin';
  }
  return 'latin';
}

/** Scripts whose runs fontkit shapes and lays out right to left. */
export const RIGHT_TO_LEFT_FONTS: ReadonlySet<FontKey> = new Set([
  'arabic',
  'arabicBold',
  'hebrew',
  'hebrewBold',
]);

/** The bold face of a slot (the CJK fonts ship here in one weight). */
export function boldOf(key: FontKey): FontKey {
  return key === 'latin'
    ? 'latinBold'
    : key === 'arabic'
      ? 'arabicBold'
      : key === 'hebrew'
        ? 'hebrewBold'
        : key;
}
