// A stand-in for Stripe.js in the DOM tests (Stripe.js cannot load here: no network to
// js.stripe.com): what react-stripe-js and the Stripe payment fields call, recorded. It
// records the Elements options, mounts a Payment Element the test can make complete, and
// answers `elements.submit()`, `stripe.createPaymentMethod()` and `handleNextAction` as
// Stripe.js documents them.
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { act } from 'react';

type Handler = (event: { complete: boolean; empty: boolean; elementType: string }) => void;

/** A stand-in for Stripe.js: what react-stripe-js and the fields call, recorded. */
export function standInStripe(
  answer: () => Promise<{
    paymentMethod?: { id: string };
    error?: { type: string; message: string };
  }>,
) {
  const calls = {
    elementsOptions: [] as StripeElementsOptions[],
    created: [] as string[],
    mountedIn: null as HTMLElement | null,
    submits: 0,
    createPaymentMethod: [] as unknown[],
    /** What the fields passed to `elements.update`, in order. */
    updates: [] as { amount?: number; currency?: string; mode?: string }[],
    /** The client secrets `handleNextAction` was called with. */
    nextActions: [] as string[],
  };
  const handlers = new Map<string, Handler>();
  let submitError: { type: string; message: string } | null = null;
  const element = {
    mount(node: HTMLElement) {
      calls.mountedIn = node;
      const iframe = document.createElement('iframe');
      iframe.title = 'Secure payment input frame';
      node.append(iframe);
    },
    on(event: string, handler: Handler) {
      handlers.set(event, handler);
      return element;
    },
    off(event: string) {
      handlers.delete(event);
      return element;
    },
    update() {},
    destroy() {},
    unmount() {},
  };
  const elements = {
    create(type: string) {
      calls.created.push(type);
      return element;
    },
    getElement() {
      return element;
    },
    update(options: { amount?: number; currency?: string; mode?: string }) {
      calls.updates.push(options);
    },
    async submit() {
      calls.submits += 1;
      return submitError ? { error: submitError } : {};
    },
  };
  const stripe = {
    elements(options: StripeElementsOptions) {
      calls.elementsOptions.push(options);
      return elements;
    },
    createToken: async () => ({}),
    confirmCardPayment: async () => ({}),
    async createPaymentMethod(params: unknown) {
      calls.createPaymentMethod.push(params);
      return answer();
    },
    async handleNextAction({ clientSecret }: { clientSecret: string }) {
      calls.nextActions.push(clientSecret);
      return {};
    },
  };
  return {
    stripe: stripe as unknown as Stripe,
    elements,
    calls,
    /** The visitor fills (or empties) the Payment Element. */
    change(complete: boolean) {
      act(() => handlers.get('change')?.({ complete, empty: !complete, elementType: 'payment' }));
    },
    failSubmit(error: { type: string; message: string } | null) {
      submitError = error;
    },
  };
}
