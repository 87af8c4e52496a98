// Places an invoice's text (invoiceContent.ts) on one A4 page: title and numbers, seller
// and buyer side by side, the items table, the totals, then the notes. Positions are from
// the start side, so an Arabic or Hebrew invoice is the mirror image of an English one.

import { type InvoiceCanvas, PAGE } from './invoiceCanvas.js';
import type { InvoiceContent } from './invoiceContent.js';

const CONTENT = PAGE.width - 2 * PAGE.margin;
const HALF = CONTENT / 2 - 10;
const MUTED = '#555555';
// Items table: description, quantity, unit price, amount (widths from the start side).
const COLUMNS = [
  { x: 0, width: 235, align: 'start' },
  { x: 240, width: 50, align: 'end' },
  { x: 295, width: 95, align: 'end' },
  { x: 395, width: CONTENT - 395, align: 'end' },
] as const;

/** Draws the document on the canvas's page. */
export function drawInvoice(canvas: InvoiceCanvas, content: InvoiceContent): void {
  const left = PAGE.margin;
  let y: number = PAGE.margin;
  y = canvas.text(content.title, left, y, CONTENT, { size: 22, bold: true }) + 6;

  for (const [label, value] of content.meta) {
    canvas.text(label, left, y, 150, { color: MUTED });
    y = canvas.text(value, left + 155, y, CONTENT - 155, { isolate: true });
  }
  y += 16;

  const party = (block: InvoiceContent['seller'], x: number) => {
    let top = canvas.text(block.heading, x, y, HALF, { bold: true, color: MUTED });
    for (const line of block.lines) top = canvas.text(line, x, top, HALF, { isolate: true });
    return top;
  };
  y = Math.max(party(content.seller, left), party(content.buyer, left + HALF + 20)) + 18;

  content.columns.forEach((heading, index) => {
    const column = COLUMNS[index];
    if (column) {
      canvas.text(heading, left + column.x, y, column.width, {
        bold: true,
        align: column.align,
        color: MUTED,
      });
    }
  });
  y += 18;
  canvas.rule(y);
  y += 6;
  for (const item of content.items) {
    const cells = [item.description, item.quantity, item.unitPrice, item.amount];
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      if (column) {
        bottom = Math.max(
          bottom,
          canvas.text(cell, left + column.x, y, column.width, {
            align: column.align,
            isolate: true,
          }),
        );
      }
    });
    if (item.detail) {
      bottom = Math.max(
        bottom,
        canvas.text(item.detail, left, bottom, COLUMNS[0].width, { color: MUTED, size: 9 }),
      );
    }
    y = bottom + 4;
  }
  canvas.rule(y);
  y += 8;

  const labelX = left + 200;
  content.totals.forEach(([label, amount], index) => {
    const last = index === content.totals.length - 1;
    const style = { bold: last, size: last ? 12 : 10 };
    const labelBottom = canvas.text(label, labelX, y, 230, style);
    const amountBottom = canvas.text(amount, labelX + 235, y, CONTENT - 435, {
      ...style,
      align: 'end',
    });
    y = Math.max(labelBottom, amountBottom) + 2;
  });
  y += 16;
  for (const note of content.notes) y = canvas.text(note, left, y, CONTENT, { size: 9 }) + 4;
}
