// The provider contract: what every PaymentProvider must do for the engine to take money at
// most once, settle every outcome, recover from lost answers by the intent's id, save
// methods for renewals and trust only verified webhooks. One vitest suite any provider runs
// (`describeProviderContract('acme', subject)`): the test provider runs it, and so does
// the Stripe provider (against the fake and, with keys, Stripe's test mode).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CreateIntentInput,
  IntentOutcome,
  PaymentProvider,
  WebhookRequest,
} from '../providers/types.js';

/** An intent waiting for the buyer: a page to go to, or a secret for the provider's script. */
export type RequiredAction = Extract<IntentOutcome, { status: 'requires_action' }>;

/** A provider under test and how to let go of it. */
export interface OpenedProvider {
  provider: PaymentProvider;
  dispose(): Promise<void>;
}

/** Payment-method ids that lead to each outcome at the provider. */
export interface ContractPaymentMethods {
  succeeds: string;
  declined: string;
  insufficientFunds: string;
  /** Needs the buyer on the provider's page (3-D Secure) first. */
  requiresAction: string;
  /** Saves fine, but every later charge is declined (failed renewals). */
  declinesAfterSaving: string;
}

/** What {@link describeProviderContract} tests. */
export interface ProviderContractSubject {
  /** Opens the provider (a fresh one, or one on a test account). Called before every test. */
  open(): Promise<OpenedProvider>;
  /** Makes payment-method ids, as the provider's browser fields would (or its test ids). */
  paymentMethods(provider: PaymentProvider): Promise<ContractPaymentMethods>;
  /**
   * Does the buyer's part of `action` (approve or refuse the authentication): on the
   * provider's page at its `redirectUrl`, or what the provider's script does in the buyer's
   * page with its `clientSecret`. Leave it out where that needs a real browser (Stripe's test
   * mode): the tests that need it are skipped, saying so.
   */
  completeAction?(
    provider: PaymentProvider,
    action: RequiredAction,
    approve: boolean,
  ): Promise<void>;
  /**
   * The webhook the provider sends about an intent's latest change, exactly as it would
   * arrive (signed). Leave it out where it cannot be made (Stripe's test mode).
   */
  webhookFor?(provider: PaymentProvider, intentId: string): Promise<WebhookRequest>;
  /** Currency of the test payments (default `EUR`). */
  currency?: string;
}

/** Registers the provider contract suite under `name`. */
export function describeProviderContract(name: string, subject: ProviderContractSubject): void {
  describe(`${name}: the provider contract`, () => {
    let opened: OpenedProvider;
    let provider: PaymentProvider;
    let methods: ContractPaymentMethods;
    beforeEach(async () => {
      opened = await subject.open();
      provider = opened.provider;
      methods = await subject.paymentMethods(provider);
    });
    afterEach(async () => {
      await opened.dispose();
    });

    const intent = (overrides: Partial<CreateIntentInput> = {}): CreateIntentInput => ({
      idempotencyKey: `cs_contract_${crypto.randomUUID().replaceAll('-', '')}:1`,
      mode: 'payment',
      amount: 1071,
      currency: subject.currency ?? 'EUR',
      description: 'Plankit contract test: Starter (monthly)',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      flow: 'fields',
      returnUrl: 'http://127.0.0.1/checkout/finish?session=contract',
      cancelUrl: 'http://127.0.0.1/checkout/starter',
      saveMethod: false,
      metadata: { plankit_session: 'contract' },
      ...overrides,
    });
    const { completeAction, webhookFor } = subject;

    it('has an id for logs and routes, and says who renews subscriptions', () => {
      expect(provider.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(['engine', 'provider']).toContain(provider.renews);
    });

    describe('create, then confirm', () => {
      it('an intent takes no money until confirmed, and one key makes one intent', async () => {
        const input = intent();
        const created = await Promise.all(
          Array.from({ length: 10 }, () => provider.createIntent({ ...input })),
        );
        expect(new Set(created.map((c) => c.intentId)).size).toBe(1);
        const id = created[0]?.intentId ?? '';
        expect(await provider.retrieveIntent(id)).toEqual({
          status: 'requires_payment_method',
          intentId: id,
        });
        expect((await provider.createIntent(intent())).intentId).not.toBe(id);
      });

      it('a good card succeeds, with the card shown and a customer to charge later', async () => {
        const { intentId } = await provider.createIntent(intent({ saveMethod: true }));
        const paid = await provider.confirmIntent(intentId, {
          paymentMethodId: methods.succeeds,
          returnUrl: intent().returnUrl,
        });
        expect(paid).toMatchObject({
          status: 'succeeded',
          intentId,
          paymentMethod: {
            id: expect.any(String),
            brand: expect.any(String),
            last4: expect.stringMatching(/^\d{4}$/),
          },
          customerRef: expect.any(String),
        });
        // Asked again, by id, or confirmed again after a lost answer: the same outcome.
        expect(await provider.retrieveIntent(intentId)).toMatchObject({ status: 'succeeded' });
        expect(
          await provider.confirmIntent(intentId, {
            paymentMethodId: methods.succeeds,
            returnUrl: '',
          }),
        ).toMatchObject({ status: 'succeeded', intentId });
      });

      it('a payment-method id it never made is refused as a failure, and nothing is taken', async () => {
        // What a tampered form posts: the engine must get an answer, not an exception.
        const { intentId } = await provider.createIntent(intent());
        const refused = await provider.confirmIntent(intentId, {
          paymentMethodId: 'pm_made_up_by_a_visitor',
          returnUrl: intent().returnUrl,
        });
        expect(refused).toMatchObject({ status: 'failed', intentId, message: expect.any(String) });
        expect(await provider.retrieveIntent(intentId)).not.toMatchObject({ status: 'succeeded' });
      });

      it.each([
        ['a declined card', 'declined', 'card_declined'],
        ['a card without funds', 'insufficientFunds', 'insufficient_funds'],
      ] as const)('%s fails with %s and a message, and reads back so', async (_, method, code) => {
        const { intentId } = await provider.createIntent(intent());
        const failed = await provider.confirmIntent(intentId, {
          paymentMethodId: methods[method],
          returnUrl: intent().returnUrl,
        });
        expect(failed).toMatchObject({
          status: 'failed',
          intentId,
          code,
          message: expect.any(String),
        });
        expect(await provider.retrieveIntent(intentId)).toMatchObject({ status: 'failed', code });
      });
    });

    describe('the buyer on the provider’s page', () => {
      it('a card that needs authentication asks the buyer: a page, or the provider’s script', async () => {
        const { intentId } = await provider.createIntent(intent());
        const waiting = await provider.confirmIntent(intentId, {
          paymentMethodId: methods.requiresAction,
          returnUrl: intent().returnUrl,
        });
        expect(waiting).toMatchObject({ status: 'requires_action', intentId });
        const action = waiting as RequiredAction;
        expect(action.redirectUrl ?? action.clientSecret).toEqual(expect.any(String));
        // Asked again by id (the finish step, a webhook, the sweep): still waiting.
        expect(await provider.retrieveIntent(intentId)).toMatchObject({
          status: 'requires_action',
        });
      });

      it.skipIf(!completeAction)('approved there, it succeeds; refused, it fails', async () => {
        const act = completeAction as NonNullable<typeof completeAction>;
        for (const approve of [true, false]) {
          const { intentId } = await provider.createIntent(intent());
          const waiting = await provider.confirmIntent(intentId, {
            paymentMethodId: methods.requiresAction,
            returnUrl: intent().returnUrl,
          });
          if (waiting.status !== 'requires_action') throw new Error('expected requires_action');
          await act(provider, waiting, approve);
          expect(await provider.retrieveIntent(intentId)).toMatchObject(
            approve ? { status: 'succeeded' } : { status: 'failed', code: 'authentication_failed' },
          );
        }
      });

      it('the hosted page: an intent with its page, waiting for the buyer to pay there', async () => {
        const created = await provider.createIntent(intent({ flow: 'hosted' }));
        expect(created.redirectUrl).toEqual(expect.any(String));
        expect(await provider.retrieveIntent(created.intentId)).toMatchObject({
          status: 'requires_payment_method',
        });
      });
    });

    describe('saved methods (trials and renewals)', () => {
      it('a setup saves the method without charging; charges of it go through once per key', async () => {
        const { intentId } = await provider.createIntent(
          intent({ mode: 'setup', saveMethod: true }),
        );
        const saved = await provider.confirmIntent(intentId, {
          paymentMethodId: methods.succeeds,
          returnUrl: intent().returnUrl,
        });
        if (saved.status !== 'succeeded' || !saved.customerRef || !saved.paymentMethod) {
          throw new Error(`expected a saved method, got ${JSON.stringify(saved)}`);
        }
        const charge = {
          idempotencyKey: `sub_contract_${crypto.randomUUID()}:1`,
          amount: 3451,
          currency: subject.currency ?? 'EUR',
          description: 'Renewal',
          customerRef: saved.customerRef,
          paymentMethodId: saved.paymentMethod.id,
          metadata: {},
        };
        const first = await provider.chargeSavedMethod(charge);
        expect(first).toMatchObject({ status: 'succeeded' });
        expect(await provider.chargeSavedMethod(charge)).toEqual(first);
      });

      it('a method that saves fine but declines later fails its charge', async () => {
        const { intentId } = await provider.createIntent(
          intent({ mode: 'setup', saveMethod: true }),
        );
        const saved = await provider.confirmIntent(intentId, {
          paymentMethodId: methods.declinesAfterSaving,
          returnUrl: intent().returnUrl,
        });
        if (saved.status !== 'succeeded' || !saved.customerRef || !saved.paymentMethod) {
          throw new Error(`expected a saved method, got ${JSON.stringify(saved)}`);
        }
        const failed = await provider.chargeSavedMethod({
          idempotencyKey: `sub_contract_${crypto.randomUUID()}:1`,
          amount: 3451,
          currency: subject.currency ?? 'EUR',
          description: 'Renewal',
          customerRef: saved.customerRef,
          paymentMethodId: saved.paymentMethod.id,
          metadata: {},
        });
        expect(failed).toMatchObject({ status: 'failed', code: 'card_declined' });
      });
    });

    describe('cancel', () => {
      it('cancels an unfinished intent, never a succeeded one', async () => {
        const open = await provider.createIntent(intent());
        expect(await provider.cancelIntent(open.intentId)).toEqual({
          status: 'canceled',
          intentId: open.intentId,
        });
        const paid = await provider.createIntent(intent());
        await provider.confirmIntent(paid.intentId, {
          paymentMethodId: methods.succeeds,
          returnUrl: intent().returnUrl,
        });
        expect(await provider.cancelIntent(paid.intentId)).toMatchObject({ status: 'succeeded' });
      });
    });

    describe.skipIf(!webhookFor)('webhooks', () => {
      const makeWebhook = webhookFor as NonNullable<typeof webhookFor>;

      it('a signed webhook reads as the intent’s outcome; a tampered one is refused', async () => {
        const { intentId } = await provider.createIntent(intent());
        await provider.confirmIntent(intentId, {
          paymentMethodId: methods.succeeds,
          returnUrl: intent().returnUrl,
        });
        const request = await makeWebhook(provider, intentId);
        const events = await provider.parseWebhook(request);
        expect(events).toEqual([
          expect.objectContaining({
            id: expect.any(String),
            type: 'intent.updated',
            intentId,
            outcome: expect.objectContaining({ status: 'succeeded' }),
          }),
        ]);
        await expect(
          provider.parseWebhook({ ...request, rawBody: `${request.rawBody} ` }),
        ).rejects.toMatchObject({ code: 'webhook_signature_invalid' });
      });
    });
  });
}
