// An order's invoice as PDF behind its receipt's signed link (`/receipts/{token}/invoice.pdf`,
// linked from the receipt page): in the checkout's language, drawn by the package. 404 for
// any token the engine did not sign, and for an order that charged nothing.
import { getEngine } from '../../../../../lib/engine';
import { REQUEST_ID_HEADER, withRequestId } from '../../../../../lib/log';

export const dynamic = 'force-dynamic';

export async function GET(
  request: Request,
  { params }: { params: Promise<{ token: string }> },
): Promise<Response> {
  const { token } = await params;
  const engine = await getEngine();
  const answer = await withRequestId(request.headers.get(REQUEST_ID_HEADER), () =>
    engine.getInvoicePdf(token),
  );
  if (answer.status !== 'found') {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  // A prefix may hold letters beyond ASCII: RFC 6266's filename* carries them.
  const ascii = answer.filename.replace(/[^\x20-\x7e]/g, '_');
  const disposition =
    ascii === answer.filename
      ? `attachment; filename="${ascii}"`
      : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(answer.filename)}`;
  return new Response(new Uint8Array(answer.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': disposition,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
