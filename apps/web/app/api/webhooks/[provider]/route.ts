// One webhook endpoint per payment provider (`/api/webhooks/test`, later
// `/api/webhooks/stripe`). The body is read raw: the provider's signature covers its exact
// bytes. 200 applied (or a repeat), 400 a bad signature, 404 no such provider.
import { getEngine } from '../../../../lib/engine';
import { REQUEST_ID_HEADER, withRequestId } from '../../../../lib/log';

export const dynamic = 'force-dynamic';

export async function POST(
  request: Request,
  { params }: { params: Promise<{ provider: string }> },
): Promise<Response> {
  const { provider } = await params;
  const engine = await getEngine();
  const rawBody = await request.text();
  const answer = await withRequestId(request.headers.get(REQUEST_ID_HEADER), () =>
    engine.handleWebhook(provider, { rawBody, headers: request.headers }),
  );
  return new Response(null, { status: answer.status, headers: { 'cache-control': 'no-store' } });
}
