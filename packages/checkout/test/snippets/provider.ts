// provider.ts: a payment processor of your own behind the PaymentProvider interface.
import type { CreatePaymentInput, PaymentProvider, PaymentResult } from '@plankit/checkout/server';

/** The answer of a (made-up) processor's REST API. */
interface AcmePayment {
  id: string;
  state: 'paid' | 'needs_3ds' | 'declined';
  decline_code?: string;
}

function toResult(payment: AcmePayment): PaymentResult {
  if (payment.state === 'paid') return { status: 'succeeded', paymentId: payment.id };
  if (payment.state === 'needs_3ds') {
    return { status: 'requires_action', paymentId: payment.id, action: 'authenticate' };
  }
  const code = payment.decline_code === 'funds' ? 'insufficient_funds' : 'card_declined';
  return {
    status: 'failed',
    paymentId: payment.id,
    code,
    message: `Declined (${payment.decline_code})`,
  };
}

export function createAcmeProvider(apiKey: string): PaymentProvider {
  const call = async (path: string, body?: unknown): Promise<AcmePayment> => {
    const response = await fetch(`https://api.acme-pay.example/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`acme-pay answered ${response.status}`);
    return (await response.json()) as AcmePayment;
  };
  return {
    id: 'acme',
    async createPayment(input: CreatePaymentInput) {
      if (input.paymentMethod.type !== 'token') throw new Error('acme-pay takes tokens only');
      return toResult(
        await call('/payments', {
          idempotency_key: input.idempotencyKey, // repeating it must never charge twice
          amount: input.amount, // minor units, recomputed by the engine
          currency: input.currency,
          token: input.paymentMethod.token,
        }),
      );
    },
    async confirmPayment(paymentId, authentication) {
      return toResult(await call(`/payments/${paymentId}/confirm`, authentication));
    },
    async retrievePayment(paymentId) {
      return toResult(await call(`/payments/${paymentId}`));
    },
    // Asked after a call whose answer was lost: was anything charged under this key?
    async findPayment(idempotencyKey) {
      const response = await fetch(
        `https://api.acme-pay.example/v1/payments?idempotency_key=${encodeURIComponent(idempotencyKey)}`,
        { headers: { authorization: `Bearer ${apiKey}` } },
      );
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`acme-pay answered ${response.status}`);
      return toResult((await response.json()) as AcmePayment);
    },
  };
}
