// app/api/webhooks/[provider]/route.ts: one webhook endpoint per payment provider. The body
// is read raw: the provider's signature covers its exact bytes.
import { getEngine } from '@/lib/checkout';

export async function POST(
  request: Request,
  { params }: { params: Promise<{ provider: string }> },
): Promise<Response> {
  const { provider } = await params;
  const engine = await getEngine();
  const answer = await engine.handleWebhook(provider, {
    rawBody: await request.text(),
    headers: request.headers,
  });
  return new Response(null, { status: answer.status });
}
