// The provider contract: what every PaymentProvider must do for the engine to charge at
// most once, settle every outcome and recover from lost answers. One vitest suite any
// provider runs (`describeProviderContract('acme', { open, methods })`); the test provider
// runs it (providers/testPaymentProvider.test.ts).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentInput, PaymentProvider } from '../providers/types.js';

/** A provider under test and how to let go of it. */
export interface OpenedProvider {
  provider: PaymentProvider;
  dispose(): Promise<void>;
}

/** What {@link describeProviderContract} tests. */
export interface ProviderContractSubject {
  /** Opens the provider (a fresh one, or one on a test account). Called before every test. */
  open(): Promise<OpenedProvider>;
  /** Payment methods that lead to each outcome at this provider. */
  methods: {
    succeeds: CreatePaymentInput['paymentMethod'];
    declined: CreatePaymentInput['paymentMethod'];
    insufficientFunds: CreatePaymentInput['paymentMethod'];
    /** Needs the buyer's authentication (3-D Secure) before it succeeds or fails. */
    requiresAction: CreatePaymentInput['paymentMethod'];
  };
  /** Currency of the test payments (default `EUR`). */
  currency?: string;
}

/** Registers the provider contract suite under `name`. */
export function describeProviderContract(name: string, subject: ProviderContractSubject): void {
  describe(`${name}: the provider contract`, () => {
    let opened: OpenedProvider;
    let provider: PaymentProvider;
    beforeEach(async () => {
      opened = await subject.open();
      provider = opened.provider;
    });
    afterEach(async () => {
      await opened.dispose();
    });

    const payment = (
      method: CreatePaymentInput['paymentMethod'],
      overrides: Partial<CreatePaymentInput> = {},
    ): CreatePaymentInput => ({
      idempotencyKey: `contract_${crypto.randomUUID()}:1`,
      amount: 1071,
      currency: subject.currency ?? 'EUR',
      description: 'Plankit contract test: Starter (monthly)',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      paymentMethod: method,
      ...overrides,
    });

    it('has an id for logs and receipts', () => {
      expect(provider.id).toMatch(/^[a-z][a-z0-9_-]*$/);
    });

    describe('outcomes', () => {
      it('a good card succeeds, and the payment reads back by id and by key', async () => {
        const input = payment(subject.methods.succeeds);
        const result = await provider.createPayment(input);
        expect(result).toEqual({ status: 'succeeded', paymentId: expect.any(String) });
        expect(await provider.retrievePayment(result.paymentId)).toEqual(result);
        expect(await provider.findPayment(input.idempotencyKey)).toEqual(result);
      });

      it.each([
        ['a declined card', 'declined', 'card_declined'],
        ['a card without funds', 'insufficientFunds', 'insufficient_funds'],
      ] as const)('%s fails with %s and a message', async (_, method, code) => {
        const result = await provider.createPayment(payment(subject.methods[method]));
        expect(result).toMatchObject({ status: 'failed', code, message: expect.any(String) });
      });

      it('a card that needs authentication waits, then succeeds once approved', async () => {
        const input = payment(subject.methods.requiresAction);
        const waiting = await provider.createPayment(input);
        expect(waiting).toMatchObject({ status: 'requires_action', action: 'authenticate' });
        const approved = await provider.confirmPayment(waiting.paymentId, { approved: true });
        expect(approved).toEqual({ status: 'succeeded', paymentId: waiting.paymentId });
        // Deciding again changes nothing: the first decision stands.
        expect(await provider.confirmPayment(waiting.paymentId, { approved: false })).toEqual(
          approved,
        );
        expect(await provider.findPayment(input.idempotencyKey)).toEqual(approved);
      });

      it('a refused authentication fails the payment', async () => {
        const waiting = await provider.createPayment(payment(subject.methods.requiresAction));
        const refused = await provider.confirmPayment(waiting.paymentId, { approved: false });
        expect(refused).toMatchObject({ status: 'failed', code: 'authentication_failed' });
      });
    });

    describe('idempotency', () => {
      it('one key is one payment, however often and however concurrently it is sent', async () => {
        const input = payment(subject.methods.succeeds);
        const results = await Promise.all(
          Array.from({ length: 10 }, () => provider.createPayment({ ...input })),
        );
        expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
        expect(await provider.createPayment(input)).toEqual(results[0]);
      });

      it('another key is another payment', async () => {
        const first = await provider.createPayment(payment(subject.methods.succeeds));
        const second = await provider.createPayment(payment(subject.methods.succeeds));
        expect(second.paymentId).not.toBe(first.paymentId);
      });

      it('a repeat of a declined key is the same decline, not a new try', async () => {
        const input = payment(subject.methods.declined);
        const first = await provider.createPayment(input);
        const again = await provider.createPayment({
          ...input,
          paymentMethod: subject.methods.succeeds,
        });
        expect(again).toEqual(first);
      });
    });

    describe('reconciling a lost answer by key and by id', () => {
      it('a payment the caller stopped waiting for is found under its key, once', async () => {
        const input = payment(subject.methods.succeeds);
        // The caller gave up (a timeout); the call itself carries on and charges.
        const abandoned = provider.createPayment(input);
        const made = await abandoned;
        expect(await provider.findPayment(input.idempotencyKey)).toEqual(made);
        expect((await provider.createPayment(input)).paymentId).toBe(made.paymentId);
      });

      it('a key nothing was sent under, and an unknown id, find nothing', async () => {
        expect(await provider.findPayment(`contract_${crypto.randomUUID()}:1`)).toBeNull();
        expect(await provider.retrievePayment(`pay_${crypto.randomUUID()}`)).toBeNull();
      });
    });
  });
}
