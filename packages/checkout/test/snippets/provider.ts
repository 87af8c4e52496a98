// provider.ts: a payment processor of your own behind the PaymentProvider interface. Acme Pay
// is made up; test/providerExample.test.ts runs this file against a fake of its API with
// the provider contract suite.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type IntentOutcome,
  type PaymentProvider,
  WebhookSignatureError,
} from '@plankit/checkout/server';

/** An intent as Acme Pay's REST API answers it. */
interface AcmeIntent {
  id: string;
  state: 'open' | 'needs_action' | 'pending' | 'paid' | 'failed' | 'canceled';
  redirect_url?: string;
  error?: 'declined' | 'funds' | 'auth';
  card?: { id: string; brand: string; last4: string };
  customer?: string;
}

const CODES = {
  declined: 'card_declined',
  funds: 'insufficient_funds',
  auth: 'authentication_failed',
} as const;

/** Acme's answer in the protocol's terms. */
function outcomeOf(intent: AcmeIntent): IntentOutcome {
  const intentId = intent.id;
  switch (intent.state) {
    case 'paid':
      return {
        status: 'succeeded',
        intentId,
        paymentMethod: intent.card ?? null,
        customerRef: intent.customer ?? null,
      };
    case 'needs_action':
      return { status: 'requires_action', intentId, redirectUrl: intent.redirect_url ?? '' };
    case 'pending':
      return { status: 'processing', intentId };
    case 'canceled':
      return { status: 'canceled', intentId };
    case 'failed': {
      const code = CODES[intent.error ?? 'declined'];
      return { status: 'failed', intentId, code, message: `Acme Pay: ${code}` };
    }
    case 'open':
      return { status: 'requires_payment_method', intentId };
  }
}

export function createAcmeProvider(options: {
  apiKey: string;
  webhookSecret: string;
  baseUrl?: string;
}): PaymentProvider {
  const base = options.baseUrl ?? 'https://api.acme-pay.example';
  const call = async (path: string, body?: unknown): Promise<AcmeIntent> => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`acme-pay answered ${response.status}`);
    return (await response.json()) as AcmeIntent;
  };
  return {
    id: 'acme',
    renews: 'engine', // Acme has no billing of its own: the engine charges saved cards.
    async createIntent(input) {
      const intent = await call('/v1/intents', {
        idempotency_key: input.idempotencyKey, // repeating it must never create a second one
        kind: input.mode,
        amount: input.amount, // minor units, the engine's own quote
        currency: input.currency,
        hosted: input.flow === 'hosted', // no JavaScript: Acme's own payment page
        save: input.saveMethod,
        return_url: input.returnUrl,
        metadata: input.metadata,
      });
      return { intentId: intent.id, redirectUrl: intent.redirect_url };
    },
    async confirmIntent(intentId, { paymentMethodId }) {
      return outcomeOf(
        await call(`/v1/intents/${intentId}/confirm`, { payment_method: paymentMethodId }),
      );
    },
    async retrieveIntent(intentId) {
      return outcomeOf(await call(`/v1/intents/${intentId}`));
    },
    async cancelIntent(intentId) {
      return outcomeOf(await call(`/v1/intents/${intentId}/cancel`, {}));
    },
    async chargeSavedMethod(input) {
      return outcomeOf(
        await call('/v1/charges', {
          idempotency_key: input.idempotencyKey,
          customer: input.customerRef,
          payment_method: input.paymentMethodId,
          amount: input.amount,
          currency: input.currency,
        }),
      );
    },
    // Verified on the raw body: a parsed and re-serialised body would not match.
    async parseWebhook({ rawBody, headers }) {
      const expected = createHmac('sha256', options.webhookSecret).update(rawBody).digest();
      const given = Buffer.from(headers.get('acme-signature') ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookSignatureError('acme');
      }
      const event = JSON.parse(rawBody) as { id: string; intent: AcmeIntent };
      return [
        {
          id: event.id,
          type: 'intent.updated',
          intentId: event.intent.id,
          outcome: outcomeOf(event.intent),
        },
      ];
    },
  };
}
