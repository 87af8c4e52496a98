// The test processor: a stand-in for a card processor's own origin, served by the host at
// its own path outside the checkout routes. It turns cards into payment methods (its
// tokenising endpoint), keeps intents, runs the test bank's authentication page and a
// hosted payment page for visitors without JavaScript, and reports what happened on its
// pages through signed webhooks. The test payment provider (testPaymentProvider.ts) is the
// engine's side of it, as a Stripe SDK would be for Stripe.

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SqlClient } from '../../store/types.js';
import { type CardErrors, type CardInput, checkCard } from './testCards.js';
import {
  createTestProcessorLedger,
  type IntentRecord,
  type NewIntent,
  type TestProcessorLedger,
} from './testProcessorLedger.js';
import { createTestProcessorRefunds } from './testProcessorRefunds.js';

/** Options of {@link createTestProcessor}. */
export interface TestProcessorOptions {
  /** The database that keeps the processor's payment methods and intents (the store's). */
  ledger: SqlClient;
  /** Its schema (default `plankit`, the store's own). */
  schema?: string;
  /** Where the host serves the processor (default `/test-processor`). */
  basePath?: string;
  /**
   * Where the processor sends its webhooks: the host's webhook route for the test provider,
   * as a path (sent to the origin of the request that changed the payment) or a URL.
   */
  webhookUrl?: string;
  /** Secret of its webhooks, `whsec_…` (default a fixed development value). */
  webhookSecret?: string;
  /** Shown on its pages (default `Plankit`). */
  merchantName?: string;
  /** Where failures to deliver a webhook are reported (default `console`). */
  logger?: Pick<Console, 'warn'>;
}

/** The development secret of the test processor's webhooks: test mode only. */
export const TEST_PROCESSOR_WEBHOOK_SECRET = `whsec_${Buffer.from(
  'plankit-test-processor-webhooks',
).toString('base64')}`;

/** How often, and after how long, a webhook the host did not accept is sent again. */
const WEBHOOK_RETRY_MS = [500, 2000, 5000];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTestProcessor(options: TestProcessorOptions) {
  const ledger: TestProcessorLedger = createTestProcessorLedger(
    options.ledger,
    options.schema ?? 'plankit',
  );
  const refunds = createTestProcessorRefunds(
    options.ledger,
    options.schema ?? 'plankit',
    ledger.ready,
  );
  const basePath = (options.basePath ?? '/test-processor').replace(/\/$/, '');
  const webhook = new Webhook(options.webhookSecret ?? TEST_PROCESSOR_WEBHOOK_SECRET);
  const logger = options.logger ?? console;

  const paths = {
    paymentMethods: `${basePath}/v1/payment_methods`,
    authenticate: (intentId: string) => `${basePath}/authenticate/${encodeURIComponent(intentId)}`,
    pay: (intentId: string) => `${basePath}/pay/${encodeURIComponent(intentId)}`,
  };

  /** The signed `intent.updated` event about an intent, as the processor sends it. */
  function signedEvent(intentId: string, id = newId('evt')): { body: string; headers: Headers } {
    const body = JSON.stringify({ id, type: 'intent.updated', data: { intent_id: intentId } });
    const timestamp = new Date();
    const headers = new Headers({
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': webhook.sign(id, timestamp, body),
    });
    return { body, headers };
  }

  /** Sends `intent.updated` for an intent to the host, retrying a few times in the background. */
  function notify(intent: IntentRecord, origin: string): void {
    if (!options.webhookUrl) return;
    const url = new URL(options.webhookUrl, origin).toString();
    const id = newId('evt');
    const deliver = async () => {
      for (const delay of [0, ...WEBHOOK_RETRY_MS]) {
        await sleep(delay);
        try {
          // Signed anew on every try: its timestamp must be fresh.
          const { body, headers } = signedEvent(intent.id, id);
          const response = await fetch(url, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.timeout(10_000),
          });
          if (response.ok) return;
        } catch {
          // Tried again below; the engine's sweep settles the payment in any case.
        }
      }
      logger.warn('[plankit] the test processor could not deliver a webhook', {
        intent: intent.id,
      });
    };
    void deliver();
  }

  /** Checks a card and keeps it as a payment method (its tokenising endpoint). */
  async function createPaymentMethod(
    card: CardInput,
  ): Promise<{ id: string; brand: string; last4: string } | { errors: CardErrors }> {
    const checked = checkCard(card, new Date());
    if ('errors' in checked) return checked;
    const id = newId('pm');
    await ledger.addPaymentMethod(id, checked);
    return { id, brand: checked.brand, last4: checked.last4 };
  }

  return {
    ledger,
    /** Refunds of its payments (`refund`, and `refundedOf` for tests). */
    refunds,
    paths,
    basePath,
    createPaymentMethod,

    /** Creates (or, for a repeated key, finds) an intent. */
    async createIntent(intent: Omit<NewIntent, 'id' | 'customerRef'>): Promise<IntentRecord> {
      const created = await ledger.createIntent({
        ...intent,
        id: newId('pi'),
        customerRef: newId('cus'),
      });
      if (!created) throw new Error('The test processor lost an intent it just wrote.');
      return created;
    },

    /** The buyer's decision on the test bank page; tells the host through a webhook. */
    async decide(
      intentId: string,
      approved: boolean,
      origin: string,
    ): Promise<IntentRecord | null> {
      const decided = await ledger.decide(intentId, approved);
      // Refused on the hosted page's way, the intent stays open there: nothing to report.
      if (decided && !(decided.hosted && decided.status === 'requires_payment_method')) {
        notify(decided, origin);
      }
      return decided;
    },

    /** The hosted page's payment: the card checked, kept, and the intent confirmed with it. */
    async payOnHostedPage(
      intentId: string,
      card: CardInput,
      origin: string,
    ): Promise<{ intent: IntentRecord } | { errors: CardErrors } | null> {
      const method = await createPaymentMethod(card);
      if ('errors' in method) return method;
      const intent = await ledger.confirm(intentId, method.id);
      if (!intent) return null;
      // A refused card leaves the intent open for another; the bank page reports its own.
      if (intent.status === 'succeeded' || intent.status === 'processing') notify(intent, origin);
      return { intent };
    },

    /** The webhook the processor would send now about an intent (tests use it). */
    webhookFor(intentId: string): { rawBody: string; headers: Headers } {
      const { body, headers } = signedEvent(intentId);
      return { rawBody: body, headers };
    },

    /** Verifies a webhook the processor sent, on its raw body; its intent id. */
    verifyWebhook(rawBody: string, headers: Headers): string {
      const payload = webhook.verify(rawBody, {
        'webhook-id': headers.get('webhook-id') ?? '',
        'webhook-timestamp': headers.get('webhook-timestamp') ?? '',
        'webhook-signature': headers.get('webhook-signature') ?? '',
      }) as { type?: unknown; data?: { intent_id?: unknown } };
      if (payload.type !== 'intent.updated' || typeof payload.data?.intent_id !== 'string') {
        throw new Error('Not a test processor event.');
      }
      return payload.data.intent_id;
    },
  };
}

/** The test processor: payment methods, intents, its pages and its webhooks. */
export type TestProcessor = ReturnType<typeof createTestProcessor>;
