// A PDF's text as unpdf (pdf.js) reads it back, with white space made plain: Intl puts
// no-break spaces into amounts, and a PDF has no spaces of its own between drawn runs.

import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page, joined, white space runs as one space. */
export async function readPdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes the buffer over: give it a copy so the caller's bytes stay readable.
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return plain(text);
}

/** White space runs (no-break and narrow spaces included) as one space. */
export const plain = (text: string) => text.replace(/[\s\u00A0\u202F]+/g, ' ').trim();
