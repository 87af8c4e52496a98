'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Appearance,
  Stripe,
  StripeElementLocale,
  StripeElementsOptions,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/dist/pure.mjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePaymentSlot } from './paymentSlot.js';

/** Props of {@link StripePaymentFields}. */
export interface StripePaymentFieldsProps {
  /**
   * The account's publishable key (`pk_test_…` or `pk_live_…`; `STRIPE_PUBLISHABLE_KEY`).
   * Stripe.js is loaded from js.stripe.com with it when the fields first render.
   */
  publishableKey?: string;
  /**
   * A Stripe object (or the promise of one) to use instead of loading Stripe.js with
   * `publishableKey`: one made with your own `loadStripe` options, or a stand-in in tests.
   */
  stripe?: Stripe | Promise<Stripe | null> | null;
  /**
   * What the Payment Element collects for: `subscription` (a plan that recurs; the
   * default), `setup` (a trial: the card is saved, nothing is charged) or `payment`. In the
   * plan step the form's live charge (`PaymentSlotValue.charge`) takes its place.
   */
  mode?: 'payment' | 'subscription' | 'setup';
  /**
   * The amount the element shows (wallets, mandates), in minor units of `currency`, until
   * the form's live charge replaces it. What is charged is always the server's quote.
   */
  amount?: number;
  /** ISO currency, e.g. `EUR`, until the form's live charge replaces it. */
  currency: string;
  /** The Payment Element's look (https://docs.stripe.com/elements/appearance-api). */
  appearance?: Appearance;
  /** The Payment Element's language (`auto` by default: the browser's). */
  locale?: StripeElementLocale;
  /**
   * Loads Stripe.js from this URL instead of js.stripe.com: a local stand-in for tests (the
   * fake Stripe API serves one, `STRIPE_JS_URL`). Test keys only: with a live publishable
   * key nothing is loaded from it (the visitor pays on the hosted page instead).
   */
  stripeJsUrl?: string;
}

/**
 * Puts the script at `url` in the page once and waits for it. `@stripe/stripe-js` always
 * injects js.stripe.com's script, unless `window.Stripe` is there already: so a stand-in
 * loaded first is the Stripe.js that `loadStripe` then uses.
 */
function loadScript(url: string): Promise<void> {
  // On the server (the plan step's HTML) there is nothing to load: loadStripe answers null.
  if (typeof window === 'undefined' || (window as { Stripe?: unknown }).Stripe) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Failed to load ${url}`)));
    document.head.append(script);
  });
}

// One Stripe.js per publishable key for the page's lifetime, as Stripe recommends.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(
  publishableKey: string,
  stripeJsUrl: string | undefined,
): Promise<Stripe | null> {
  const key = `${stripeJsUrl ?? ''} ${publishableKey}`;
  const found = loaded.get(key);
  if (found) return found;
  const promise = !stripeJsUrl
    ? loadStripe(publishableKey)
    : publishableKey.startsWith('pk_live_')
      ? Promise.resolve(null)
      : loadScript(stripeJsUrl).then(
          () => loadStripe(publishableKey),
          () => null,
        );
  loaded.set(key, promise);
  return promise;
}

/**
 * The Stripe provider's fields for the plan step's payment slot: Stripe's Payment Element,
 * created without an intent (`paymentMethodCreation: 'manual'`). On Pay it checks the
 * element (`elements.submit()`), turns it into a payment method at Stripe
 * (`stripe.createPaymentMethod`) and hands the form the `pm_…` id; the server creates and
 * confirms the intent (https://docs.stripe.com/payments/finalize-payments-on-the-server).
 * A card that needs 3-D Secure is authenticated here with `stripe.handleNextAction`.
 * The card stays in Stripe's iframe. Import it from `@plankit/checkout/stripe/client`, so
 * Stripe's code is bundled only where Stripe is configured. Without JavaScript, and while
 * Stripe.js has not loaded (or cannot), the visitor pays on Stripe's hosted Checkout page
 * instead.
 */
export function StripePaymentFields({
  publishableKey,
  stripe,
  mode = 'subscription',
  amount,
  currency,
  appearance,
  locale = 'auto',
  stripeJsUrl,
}: StripePaymentFieldsProps) {
  const { messages, charge } = usePaymentSlot();
  const stripeOrPromise = useMemo(
    () =>
      stripe !== undefined
        ? stripe
        : publishableKey
          ? stripeFor(publishableKey, stripeJsUrl)
          : null,
    [stripe, publishableKey, stripeJsUrl],
  );
  // What the form will charge now, as the buyer changes interval, currency, seats, promo
  // code or country (the slot's charge), else the props. react-stripe-js passes each change
  // on with `elements.update`, so wallets and payment-method filtering see the amount that
  // will be charged (issue 21, item 2).
  const current = charge ?? { mode, amount: amount ?? 0, currency };
  const shared = {
    currency: current.currency.toLowerCase(),
    paymentMethodCreation: 'manual' as const,
    ...(appearance ? { appearance } : {}),
    locale,
  };
  const options: StripeElementsOptions =
    current.mode === 'setup'
      ? { ...shared, mode: 'setup' }
      : // The card is saved for renewals (Stripe Billing charges it off-session).
        { ...shared, mode: current.mode, amount: current.amount, setupFutureUsage: 'off_session' };
  return (
    <>
      <noscript>
        <p className="pk-hint">{messages.paymentNoJsHint}</p>
      </noscript>
      <Elements stripe={stripeOrPromise} options={options}>
        <StripeElementSlot />
      </Elements>
    </>
  );
}

/** The Payment Element and the handle the form calls on submit. */
function StripeElementSlot() {
  const { register, reportInvalid, messages, testMode, state } = usePaymentSlot();
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const complete = useRef(false);
  const latest = useRef({ stripe, elements });
  latest.current = { stripe, elements };

  // Registered once Stripe.js is there. Until then, or when it cannot load (blocked,
  // offline), the form posts without a payment method and the engine sends the buyer to
  // Stripe's hosted Checkout page, as without JavaScript.
  useEffect(() => {
    if (!stripe) return undefined;
    return register({
      validate() {
        if (complete.current) return true;
        // The element shows its own errors (in its iframe) when asked to submit.
        void latest.current.elements?.submit();
        return false;
      },
      async createPaymentMethod() {
        const { stripe: client, elements: group } = latest.current;
        if (!client || !group) return { error: { message: 'errorPaymentMethod' } };
        try {
          const submitted = await group.submit();
          if (submitted.error) return { error: null };
          const { paymentMethod, error } = await client.createPaymentMethod({ elements: group });
          if (paymentMethod) return { paymentMethodId: paymentMethod.id };
          // Errors about what was typed show in the element; others are the form's.
          return {
            error: error?.type === 'validation_error' ? null : { message: 'errorPaymentMethod' },
          };
        } catch {
          return { error: { message: 'errorPaymentMethod' } };
        }
      },
    });
  }, [register, stripe]);

  // 3-D Secure in Stripe.js's dialog (`use_stripe_sdk`, issue 21 item 2): the server sent the
  // intent's client secret back. However it ends (done, refused, failed), the finish step
  // reads the outcome from Stripe.
  const nextAction = state.nextAction;
  useEffect(() => {
    if (!nextAction || !stripe) return;
    const finish = () => window.location.assign(nextAction.returnUrl);
    stripe.handleNextAction({ clientSecret: nextAction.clientSecret }).then(finish, finish);
  }, [nextAction, stripe]);

  return (
    <div className="pk-stripe-fields" hidden={!mounted}>
      {testMode ? <p className="pk-hint pk-test-hint">{messages.paymentTestHint}</p> : null}
      {mounted && !stripe ? <p className="pk-hint">{messages.paymentNoJsHint}</p> : null}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onChange={(event) => {
          complete.current = event.complete;
          if (event.complete) reportInvalid(false);
        }}
      />
    </div>
  );
}
