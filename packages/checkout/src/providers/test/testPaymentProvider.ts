import { InvalidArgumentError, WebhookSignatureError } from '../../errors/errors.js';
import type {
  IntentOutcome,
  PaymentFailureCode,
  PaymentProvider,
  ProviderEvent,
} from '../types.js';
import {
  createTestProcessor,
  type TestProcessor,
  type TestProcessorOptions,
} from './testProcessor.js';
import {
  createTestProcessorHandler,
  type TestProcessorHandlerOptions,
} from './testProcessorHandler.js';
import type { IntentRecord } from './testProcessorLedger.js';

const FAILURE_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  authentication_failed: 'The cardholder did not authenticate the payment.',
  expired_card: 'The card has expired.',
  processing_error: 'The payment could not be processed.',
};

const FAILURE_CODES = new Set<string>(Object.keys(FAILURE_MESSAGES));

/** An intent in the protocol's terms. */
function outcomeOf(intent: IntentRecord, processor: TestProcessor): IntentOutcome {
  const intentId = intent.id;
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        intentId,
        paymentMethod:
          intent.card && intent.paymentMethodId
            ? { id: intent.paymentMethodId, ...intent.card }
            : null,
        customerRef: intent.customerRef,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        intentId,
        redirectUrl: processor.paths.authenticate(intentId),
      };
    case 'processing':
      return { status: 'processing', intentId };
    case 'canceled':
      return { status: 'canceled', intentId };
    case 'requires_payment_method': {
      // On the hosted page a refused card is not the end: the buyer is still there and may
      // try another (as on Stripe Checkout). Elsewhere the refusal is the outcome.
      if (!intent.lastError || intent.hosted)
        return { status: 'requires_payment_method', intentId };
      const code = (
        FAILURE_CODES.has(intent.lastError) ? intent.lastError : 'card_declined'
      ) as PaymentFailureCode;
      return { status: 'failed', intentId, code, message: FAILURE_MESSAGES[code] };
    }
  }
}

/** The built-in test provider: the engine's side of the test processor, and its pages. */
export type TestPaymentProvider = PaymentProvider & {
  /** The processor behind it. */
  readonly processor: TestProcessor;
  /**
   * The processor's HTTP side, for the host to mount under its base path (default
   * `/test-processor/*`): the card fields' tokenising endpoint, the test bank page and the
   * hosted payment page.
   */
  handle(request: Request): Promise<Response>;
};

/** Options of {@link createTestPaymentProvider}. */
export interface TestPaymentProviderOptions extends TestProcessorOptions {
  /** Options of the processor's pages (their text, the merchant's name on them). */
  pages?: TestProcessorHandlerOptions;
}

/**
 * Creates the built-in test provider (id `test`) over a {@link TestProcessor}: the embedded
 * default. It renews subscriptions through the engine (`renews: 'engine'`), and its
 * webhooks are the processor's own, signed per the Standard Webhooks specification.
 *
 * The cards of the README's test card table behave as it says, on the plan step, on the
 * hosted page and for renewals; only the brand, the last four digits and the expiry are
 * kept.
 */
export function createTestPaymentProvider(
  options: TestPaymentProviderOptions,
): TestPaymentProvider {
  const processor = createTestProcessor(options);
  const handle = createTestProcessorHandler(processor, {
    merchantName: options.merchantName,
    ...options.pages,
  });
  const known = async (intent: IntentRecord | null, intentId: string) => {
    if (!intent) throw new InvalidArgumentError(`Unknown test intent ${intentId}.`);
    return outcomeOf(intent, processor);
  };
  return {
    id: 'test',
    renews: 'engine',
    processor,
    handle,

    async createIntent(input) {
      if (!Number.isInteger(input.amount) || input.amount < 0) {
        throw new InvalidArgumentError('The test processor takes whole minor units only.');
      }
      const intent = await processor.createIntent({
        idempotencyKey: input.idempotencyKey,
        kind: input.mode,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        saveMethod: input.saveMethod || input.mode === 'setup',
        hosted: input.flow === 'hosted',
        metadata: input.metadata,
      });
      return input.flow === 'hosted'
        ? { intentId: intent.id, redirectUrl: processor.paths.pay(intent.id) }
        : { intentId: intent.id };
    },

    async confirmIntent(intentId, { paymentMethodId }) {
      const intent = await processor.ledger.confirm(intentId, paymentMethodId);
      if (intent) return outcomeOf(intent, processor);
      // A method the processor never made (a tampered form): refused, as a real processor
      // answers "no such payment method". Nothing was charged; the intent stays open.
      await known(await processor.ledger.get(intentId), intentId);
      return {
        status: 'failed',
        intentId,
        code: 'processing_error',
        message: 'No such payment method.',
      };
    },

    async retrieveIntent(intentId) {
      return known(await processor.ledger.get(intentId), intentId);
    },

    async cancelIntent(intentId) {
      return known(await processor.ledger.cancel(intentId), intentId);
    },

    async chargeSavedMethod(input) {
      const intent = await processor.ledger.charge({
        id: `pi_${crypto.randomUUID().replaceAll('-', '')}`,
        idempotencyKey: input.idempotencyKey,
        kind: 'charge',
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        customerRef: input.customerRef,
        returnUrl: null,
        cancelUrl: null,
        saveMethod: false,
        metadata: input.metadata,
        paymentMethodId: input.paymentMethodId,
      });
      if (!intent) {
        throw new InvalidArgumentError('That payment method is not saved to that customer.');
      }
      return outcomeOf(intent, processor);
    },

    refund(input) {
      return processor.refunds.refund(input);
    },

    async parseWebhook({ rawBody, headers }): Promise<ProviderEvent[]> {
      let intentId: string;
      try {
        intentId = processor.verifyWebhook(rawBody, headers);
      } catch (error) {
        throw new WebhookSignatureError('test', { cause: error });
      }
      // The event names the intent; what became of it is read from the processor itself.
      const intent = await processor.ledger.get(intentId);
      if (!intent) return [];
      return [
        {
          id: headers.get('webhook-id') ?? intentId,
          type: 'intent.updated',
          intentId,
          outcome: outcomeOf(intent, processor),
        },
      ];
    },
  };
}
