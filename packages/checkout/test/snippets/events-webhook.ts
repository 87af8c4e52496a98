// app/api/plankit-events/route.ts: provision the account from a verified webhook
// (another service, or another app: engine options `webhook: { url, secret }`).
import type { CheckoutEvent } from '@plankit/checkout';
import { Webhook } from 'standardwebhooks';

declare function alreadyHandled(eventId: string): Promise<boolean>;
declare function provisionAccount(email: string, planId: string, seats: number): Promise<void>;
declare function markHandled(eventId: string): Promise<void>;

const webhook = new Webhook(process.env.PLANKIT_WEBHOOK_SECRET ?? '');

export async function POST(request: Request): Promise<Response> {
  // Verify the raw body, before any JSON parsing: the signature covers these exact bytes.
  const body = await request.text();
  let payload: { type: CheckoutEvent['type']; timestamp: string; data: CheckoutEvent['data'] };
  try {
    payload = webhook.verify(body, Object.fromEntries(request.headers)) as typeof payload;
  } catch {
    return new Response('bad signature', { status: 400 });
  }
  // Retries keep their webhook-id: handle each one once.
  const eventId = request.headers.get('webhook-id') ?? '';
  if (await alreadyHandled(eventId)) return new Response(null, { status: 204 });
  const event = { id: eventId, type: payload.type, data: payload.data } as CheckoutEvent;
  if (event.type === 'order.paid') {
    await provisionAccount(event.data.email, event.data.planId, event.data.seats);
  }
  await markHandled(eventId);
  // Any 2xx within 10 s is a delivery; anything else is sent again.
  return new Response(null, { status: 204 });
}
