// Mixed-direction text for the PDF (an Arabic label with a Latin invoice number, a Hebrew
// address with digits). pdfkit draws every string left to right; fontkit, under it, shapes
// Arabic (joining forms) and lays out a run of an Arabic or Hebrew font right to left, but
// knows nothing of the Unicode Bidirectional Algorithm. So the line is ordered here, with
// bidi-js (UAX #9): each run is drawn at its own place, in visual order, with its script's
// font, and a right-to-left font run is handed to fontkit in logical order.

import bidiModule, { type Bidi } from 'bidi-js';
import type { Locale } from '../messages/locales.js';
import { type FontKey, fontOfChar, RIGHT_TO_LEFT_FONTS } from './invoiceFonts.js';

// bidi-js is a UMD module whose export is the factory; TypeScript sees it as the namespace.
const bidiFactory = bidiModule as unknown as () => Bidi;
const bidi = bidiFactory();

/** A piece of a line, drawn left to right after the pieces before it. */
export interface VisualRun {
  text: string;
  font: FontKey;
}

// Direction marks that Intl puts into numbers and dates ("‏١٢٫٠٠ €"): they steer the
// algorithm, and then are not drawn (a font has no glyph for them).
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * The runs of one line of `text`, left to right, in a paragraph of `direction` (`auto`: the
 * direction of its first strong character, as `<bdi>` does, for what a buyer typed).
 */
export function visualRuns(
  text: string,
  direction: 'ltr' | 'rtl' | 'auto',
  locale: Locale,
): VisualRun[] {
  if (text === '') return [];
  const chars = [...text];
  // bidi-js counts UTF-16 code units; an index list of code points keeps astral characters whole.
  const codeUnitStart: number[] = [];
  let offset = 0;
  for (const char of chars) {
    codeUnitStart.push(offset);
    offset += char.length;
  }
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const { levels } = embedding;
  const levelOf = (index: number) => levels[codeUnitStart[index] ?? 0] ?? 0;
  // Logical → visual: reverse each segment bidi-js names, in its order (rule L2).
  const order = chars.map((_, index) => index);
  const unitToIndex = new Map(codeUnitStart.map((unit, index) => [unit, index]));
  for (const [start = 0, end = 0] of bidi.getReorderSegments(text, embedding)) {
    const from = unitToIndex.get(start) ?? 0;
    let to = from;
    while (to + 1 < chars.length && (codeUnitStart[to + 1] ?? Number.POSITIVE_INFINITY) <= end)
      to++;
    const slice = order.slice(from, to + 1).reverse();
    order.splice(from, slice.length, ...slice);
  }
  // Fonts by logical position. White space is a run of its own (the Latin font's space):
  // pdfkit drops the last space of a run that fontkit laid out right to left.
  const fonts = chars.map((char) => fontOfChar(char, locale));
  const mirrored = bidi.getMirroredCharactersMap(text, levels);

  const runs: VisualRun[] = [];
  let current: { font: FontKey; rtl: boolean; indices: number[] } | null = null;
  const flush = () => {
    if (!current || current.indices.length === 0) return;
    const { font, rtl, indices } = current;
    // fontkit reverses a right-to-left font's run itself: give it the logical order back.
    const logical = rtl && RIGHT_TO_LEFT_FONTS.has(font) ? [...indices].reverse() : indices;
    const draw = logical.map((index) => mirrored.get(codeUnitStart[index] ?? 0) ?? chars[index]);
    runs.push({ text: draw.join(''), font });
  };
  for (const index of order) {
    const char = chars[index] ?? '';
    if (BIDI_CONTROL.test(char)) continue;
    const font = fonts[index] ?? 'latin';
    const rtl = levelOf(index) % 2 === 1;
    // Characters of an RTL font at a left-to-right level (Arabic-Indic digits) go one by one:
    // fontkit would reverse them as a run.
    const single = !rtl && RIGHT_TO_LEFT_FONTS.has(font);
    if (!current || current.font !== font || current.rtl !== rtl || single) {
      flush();
      current = { font, rtl, indices: [] };
    }
    current.indices.push(index);
  }
  flush();
  return runs;
}
