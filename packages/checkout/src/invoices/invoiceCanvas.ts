// A page of an invoice as pdfkit draws it, in the invoice's direction: positions are given
// from the start of the line (the left in English, the right in Arabic and Hebrew), and
// every line is split into runs of one font and one direction (visualRuns.ts).

import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { ConfigurationError } from '../errors/errors.js';
import type { Locale } from '../messages/locales.js';
import { boldOf, type FontKey, fontPath } from './invoiceFonts.js';
import { type VisualRun, visualRuns } from './visualRuns.js';

/** A4 in points, and the margin around the content. */
export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;

/** How one line of text is drawn. */
export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** `end`: against the far edge of the box (amounts). */
  align?: 'start' | 'end';
  color?: string;
  /** What a buyer or the catalog wrote: its own direction (first strong character), like `<bdi>`. */
  isolate?: boolean;
}

export interface InvoiceCanvas {
  /** Draws `text` in the box from `x` (measured from the start side) `width` wide; wraps at spaces. Returns the next free y. */
  text(text: string, x: number, y: number, width: number, style?: TextStyle): number;
  /** A thin horizontal line across the content. */
  rule(y: number): void;
  /** The finished PDF. */
  end(): Promise<Uint8Array>;
}

const LINE_HEIGHT = 1.45;
const BREAK_AFTER =
  /(?<=[\s\u3000-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF])/;

// The font files, read once per process (0.1–9 MB each; pdfkit embeds only the glyphs used).
const bytesOf = new Map<string, Buffer>();
const fontBytes = (path: string): Buffer => {
  let bytes = bytesOf.get(path);
  if (!bytes) {
    bytes = readFileSync(path);
    bytesOf.set(path, bytes);
  }
  return bytes;
};

/** A new invoice document: metadata set, fonts registered, nothing drawn yet. */
export function createInvoiceCanvas(
  locale: Locale,
  direction: 'ltr' | 'rtl',
  title: string,
): InvoiceCanvas {
  const latin = fontPath('latin');
  if (!latin) {
    throw new ConfigurationError('renderInvoicePdf', [
      {
        path: '@embedpdf/fonts-latin',
        message: 'is not installed, or this runtime cannot read it',
      },
    ]);
  }
  // The default font is our own: pdfkit's built-in Helvetica reads files next to its module.
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: fontBytes(latin) as unknown as string,
    lang: locale,
    info: { Title: title, Producer: 'Plankit' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const registered = new Set<FontKey>();
  const use = (key: FontKey, size: number) => {
    if (!registered.has(key)) {
      doc.registerFont(key, fontBytes(fontPath(key) ?? latin));
      registered.add(key);
    }
    doc.font(key).fontSize(size);
  };
  const runsOf = (line: string, bold: boolean, isolate = false): VisualRun[] =>
    visualRuns(line, isolate ? 'auto' : direction, locale).map((run) => ({
      ...run,
      font: bold ? boldOf(run.font) : run.font,
    }));
  const widthOf = (runs: VisualRun[], size: number) =>
    runs.reduce((sum, run) => {
      use(run.font, size);
      return sum + doc.widthOfString(run.text);
    }, 0);

  // Greedy wrapping on the logical text: words are kept whole; Chinese, Japanese and Korean
  // text, written without spaces, may break after any character.
  const wrap = (text: string, width: number, size: number, bold: boolean, isolate: boolean) => {
    // Most lines fit: one measurement.
    if (widthOf(runsOf(text, bold, isolate), size) <= width) return [text];
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(BREAK_AFTER)) {
      const candidate = line + word;
      if (line !== '' && widthOf(runsOf(candidate.trimEnd(), bold, isolate), size) > width) {
        lines.push(line.trimEnd());
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    return lines;
  };

  return {
    text(text, x, y, width, style = {}) {
      const size = style.size ?? 10;
      const bold = style.bold ?? false;
      let top = y;
      const isolate = style.isolate ?? false;
      for (const line of wrap(text, width, size, bold, isolate)) {
        const runs = runsOf(line, bold, isolate);
        const total = widthOf(runs, size);
        const left = direction === 'rtl' ? PAGE.width - x - width : x;
        const atEnd = (style.align === 'end') !== (direction === 'rtl');
        let cursor = atEnd ? left + width - total : left;
        doc.fillColor(style.color ?? '#111111');
        for (const run of runs) {
          use(run.font, size);
          // The baseline, not the top: fonts of different scripts have different ascents.
          doc.text(run.text, cursor, top + size, { lineBreak: false, baseline: 'alphabetic' });
          cursor += doc.widthOfString(run.text);
        }
        top += size * LINE_HEIGHT;
      }
      return top;
    },
    rule(y) {
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.width - PAGE.margin, y)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke();
    },
    async end() {
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
