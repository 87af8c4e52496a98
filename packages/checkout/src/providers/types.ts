// The payment provider protocol: how the engine talks to a processor (docs/ARCHITECTURE.md,
// "Payment providers"). Card data never reaches the host: the provider's own browser fields
// turn the card into a payment-method id, and the engine only ever handles that id. Money
// moves in two steps, create then confirm, with the intent's id stored in between, so a
// crash is always settled by asking the provider about that id.

/** Why a payment failed, in a shape every processor can map onto. */
export type PaymentFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_failed'
  | 'expired_card'
  | 'processing_error';

/** A saved or used payment method, as a receipt shows it (never the number). */
export interface PaymentMethodSummary {
  /** The provider's id of the method (`pm_…`). */
  id: string;
  /** `visa`, `mastercard`, `amex`, … */
  brand: string;
  last4: string;
}

/** What the engine asks a provider to set up: a payment now, or a method saved for later. */
export interface CreateIntentInput {
  /** Repeating a key returns the first intent and never creates a second one. */
  idempotencyKey: string;
  /**
   * `payment`: take `amount` when confirmed. `setup`: save the method without charging (a
   * trial); `amount` is then the first charge the buyer is told about.
   */
  mode: 'payment' | 'setup';
  /** Minor units of `currency`; always the engine's own quote. */
  amount: number;
  currency: string;
  description: string;
  /**
   * The buyer. A provider with customer records keeps one per email address and reuses it
   * across checkouts and attempts (Stripe: one Customer per address).
   */
  customer: {
    email: string;
    name: string;
    /** A business buyer's details, for the customer's invoices; null for a consumer. */
    business?: IntentBusinessBuyer | null;
  };
  /**
   * The tax inside `amount` and `recurring.amount`, for a provider that shows tax as tax on
   * its invoices and receipts (Stripe: a Tax Rate per country and rate). The amounts stay
   * the engine's: a provider that cannot reproduce this tax to the minor unit sends them as
   * they are, with no tax line.
   */
  tax?: IntentTax;
  /**
   * How the buyer pays: in the provider's fields on the plan step (`fields`, then
   * {@link PaymentProvider.confirmIntent}), or on the provider's hosted page (`hosted`: the
   * answer carries its `redirectUrl`; the no-JavaScript path).
   */
  flow: 'fields' | 'hosted';
  /** Where the provider sends the buyer back after any page of its own (the finish step). */
  returnUrl: string;
  /** Where the hosted page's "back" leads (the plan step). */
  cancelUrl: string;
  /** Saves the method for later charges by the engine (renewals). */
  saveMethod: boolean;
  /**
   * The provider's customer to save the method to (a card update on the manage page), when
   * the provider keeps customers; otherwise the provider finds or makes one for `customer`.
   */
  customerRef?: string | null;
  /** Ids the provider keeps with the intent and sends back in its webhooks. */
  metadata: Record<string, string>;
  /**
   * For a plan that renews: what recurs. A provider that renews subscriptions itself
   * (`renews: 'provider'`, e.g. Stripe Billing) creates its subscription from this.
   */
  recurring?: {
    interval: 'monthly' | 'yearly';
    /** Charged every interval, in minor units: the quote's total. */
    amount: number;
    trialDays: number | null;
    planId: string;
    seats: number;
  };
}

/** A business buyer, as the provider's customer record keeps it. */
export interface IntentBusinessBuyer {
  company: string;
  /** With its country prefix (`FR40303265045`); null when the buyer gave none. */
  vatId: string | null;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The tax of a checkout, as its quote computed it. */
export interface IntentTax {
  /** The buyer's country (ISO 3166-1 alpha-2), whose rate applies. */
  country: string;
  /** The rate in basis points (1900 = 19%); 0 when reverse charged. */
  rateBasisPoints: number;
  /** Whether the plan's prices contain the tax (else it is added to them). */
  inclusive: boolean;
  /** The tax of one charge of the recurring amount (the quote's `tax`), in minor units. */
  amount: number;
  /**
   * The buyer's VAT ID when the sale is reverse charged (no tax: the buyer accounts for
   * it); null otherwise.
   */
  reverseChargeVatId: string | null;
}

/** A provider's subscription period, as the provider dates it. */
export interface ProviderPeriod {
  start: Date;
  end: Date;
}

/** A renewal's payment that waits for the buyer, on the provider's own page. */
export interface OpenRenewalPayment {
  /** The provider's page where the buyer confirms (3-D Secure) and pays it. */
  url: string;
  amount: number;
  currency: string;
  /** Whether the bank asks the buyer to confirm it (else the card was refused). */
  needsAuthentication: boolean;
}

/** What became of paying a renewal that waited, with the subscription's new card. */
export type OpenRenewalPaymentResult =
  | { status: 'paid' | 'pending' }
  /** Nothing was open (paid meanwhile, or never failed). */
  | { status: 'none' }
  | { status: 'declined'; code: PaymentFailureCode };

/** An intent the provider created; nothing was charged yet. */
export interface CreatedIntent {
  intentId: string;
  /** For `flow: 'hosted'`: the provider's page the buyer goes to. */
  redirectUrl?: string;
}

/** What became of an intent, as the provider says. */
export type IntentOutcome =
  /** Paid (`payment`), or the method saved (`setup`). */
  | {
      status: 'succeeded';
      intentId: string;
      /** The method used (and, when asked, saved). */
      paymentMethod: PaymentMethodSummary | null;
      /** The provider's customer the method is saved to, for later charges. */
      customerRef: string | null;
      /** The provider's own subscription, when it renews (`renews: 'provider'`). */
      subscriptionRef?: string | null;
      /**
       * That subscription's current period (its trial, or its first paid period), as the
       * provider dates it: the engine records it instead of counting its own.
       */
      subscriptionPeriod?: ProviderPeriod | null;
    }
  /** Submitted; the outcome comes later (a webhook, or asking again). */
  | { status: 'processing'; intentId: string }
  /** The buyer must go elsewhere first (3-D Secure, a bank page, the hosted page). */
  | { status: 'requires_action'; intentId: string; redirectUrl: string; clientSecret?: undefined }
  /**
   * The buyer must act first, in the checkout's own page: only the provider's script can go
   * on (Stripe's `use_stripe_sdk`), so the provider's fields finish it with this secret
   * (`PlanStepState.nextAction`: Stripe.js `handleNextAction` in `StripePaymentFields`) and the
   * browser then goes to the return URL, where the outcome is asked for by id.
   */
  | { status: 'requires_action'; intentId: string; clientSecret: string; redirectUrl?: undefined }
  /** Created but no method was confirmed yet: nothing was charged. */
  | { status: 'requires_payment_method'; intentId: string }
  /** Nothing was charged: declined, not authenticated, or a method the provider refused. */
  | { status: 'failed'; intentId: string; code: PaymentFailureCode; message: string }
  /** Canceled before anything was charged. */
  | { status: 'canceled'; intentId: string };

/** A charge of a saved method (a renewal). */
export interface ChargeSavedMethodInput {
  /** One key per renewal attempt; repeating it never charges twice. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string;
  customerRef: string;
  paymentMethodId: string;
  metadata: Record<string, string>;
}

/** A refund of (part of) a payment the provider took. */
export interface RefundInput {
  /** Repeating a key answers with the first refund and never refunds twice. */
  idempotencyKey: string;
  /** The payment to refund (`IntentOutcome.intentId` of a payment or a charge). */
  paymentId: string;
  /** Minor units of `currency`; never more than remains of the payment. */
  amount: number;
  currency: string;
  reason: string | null;
  /** Ids the provider keeps with the refund and sends back in its webhooks. */
  metadata: Record<string, string>;
}

/** What became of a refund, as the provider says. */
export type RefundOutcome =
  /** Done (`succeeded`), or accepted and decided later (`pending`, reported by webhook). */
  | { status: 'succeeded' | 'pending'; refundRef: string }
  /** Refused: nothing was refunded (the message is for the merchant, never the buyer). */
  | { status: 'failed'; refundRef: string | null; message: string };

/** An event a provider's webhook reports, already verified and in the protocol's terms. */
export type ProviderEvent =
  | {
      /** The provider's event id: a repeat of it changes nothing. */
      id: string;
      type: 'intent.updated';
      intentId: string;
      outcome: IntentOutcome;
    }
  | {
      id: string;
      type: 'subscription.updated';
      /** The provider's subscription id. */
      subscriptionRef: string;
      status: 'trialing' | 'active' | 'past_due' | 'canceled';
      /** When the current period began, as the provider dates it. */
      currentPeriodStart?: Date;
      currentPeriodEnd: Date;
      cancelAtPeriodEnd: boolean;
      /** Set when the update is a paid renewal: the amount and the provider's payment id. */
      renewal?: { amount: number; paymentId: string } | null;
    }
  | {
      id: string;
      /** A refund changed: one the engine asked for, or one made at the provider. */
      type: 'refund.updated';
      refundRef: string;
      /** The payment it refunds. */
      paymentId: string;
      amount: number;
      currency: string;
      status: 'pending' | 'succeeded' | 'failed';
      reason: string | null;
      /** The engine's refund id (from the refund's metadata), when the engine asked for it. */
      plankitRefundId: string | null;
      failureMessage?: string | null;
    }
  | {
      id: string;
      /** A dispute (chargeback) of a payment was opened, moved on, or closed. */
      type: 'dispute.updated';
      disputeRef: string;
      /** The disputed payment. */
      paymentId: string;
      amount: number;
      currency: string;
      reason: string | null;
      /** The provider's own status (`needs_response`, `won`, `lost`, …). */
      status: string;
      closed: boolean;
    };

/** A webhook request as it arrived, the body untouched (signatures cover the raw bytes). */
export interface WebhookRequest {
  rawBody: string;
  headers: Headers;
}

/**
 * A change of a subscription the provider renews (issue 22.1): its one line's new recurring
 * amount, priced as at its creation (`CreateIntentInput.recurring` and `tax`).
 */
export interface SubscriptionChangeInput {
  /** The provider's subscription id. */
  subscriptionRef: string;
  /** The new plan's id (its product at the provider). */
  planId: string;
  /** Names the plan's product (`Acme: Team (monthly)`), as at the checkout. */
  description: string;
  /** The new billing interval (another one starts a new period). */
  interval: 'monthly' | 'yearly';
  /** The new seat count (1 for plans without seats); the amount already counts them. */
  seats: number;
  /** The subscription's currency (ISO 4217). */
  currency: string;
  /** The new terms' recurring total (tax included when added), in minor units. */
  amount: number;
  /** The checkout's tax treatment, applied to the new amount as at the checkout. */
  tax?: IntentTax;
  /** The proration instant the preview fixed (whole seconds). */
  prorationDate: Date;
  /**
   * `always_invoice`: prorate and charge (or credit) the difference now. `none`: the new
   * price is billed from the next renewal on, nothing now (a downgrade at the period's end).
   */
  proration: 'always_invoice' | 'none';
}

/** What a change costs now, as the provider computes it (its proration invoice). */
export interface SubscriptionChangeAmounts {
  /** The proration's net (charge less credit); negative for a credit. */
  net: number;
  /** Its tax (negative for a credit). */
  tax: number;
  /** Its total, tax included: due now when positive, else credited. */
  total: number;
}

/** The provider's answer to a change. */
export type SubscriptionChangeOutcome =
  | (SubscriptionChangeAmounts & {
      status: 'succeeded';
      /** The payment that took the amount due (the proration invoice's), if any. */
      paymentId: string | null;
      /** The subscription's period after the change, as the provider dates it. */
      period: ProviderPeriod | null;
    })
  | { status: 'failed'; code: string };

/** A payment processor behind one interface: the test provider, Stripe, or your own. */
export interface PaymentProvider {
  /** A short name for logs, receipts and the webhook route, e.g. `test` or `stripe`. */
  readonly id: string;
  /**
   * Who renews subscriptions: `engine` (the engine charges the saved method when a period
   * ends) or `provider` (the processor's own billing, reported through webhooks).
   */
  readonly renews: 'engine' | 'provider';
  /** Creates an intent (no money moves). Idempotent on `idempotencyKey`. */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /**
   * Confirms an intent with the payment-method id the provider's browser fields made.
   * Confirming again (a retry after a lost answer) answers with the first outcome.
   */
  confirmIntent(
    intentId: string,
    confirmation: { paymentMethodId: string; returnUrl: string },
  ): Promise<IntentOutcome>;
  /** What became of an intent; the only answer the engine trusts after a redirect. */
  retrieveIntent(intentId: string): Promise<IntentOutcome>;
  /**
   * Cancels an intent nobody finished (the session expired). Answers with what it is now:
   * `canceled`, or `succeeded` when the buyer finished it just before.
   */
  cancelIntent(intentId: string): Promise<IntentOutcome>;
  /** Charges a saved method (renewals, with `renews: 'engine'`). Idempotent on the key. */
  chargeSavedMethod(input: ChargeSavedMethodInput): Promise<IntentOutcome>;
  /**
   * With `renews: 'provider'`: ends the provider's subscription at the end of its current
   * period (`cancel: true`), or keeps it renewing (`false`), as the buyer chose on the manage
   * page. The engine records the choice only after this succeeds, so the two never disagree.
   * Not needed when the engine renews.
   */
  setCancelAtPeriodEnd?(providerSubscriptionRef: string, cancel: boolean): Promise<void>;
  /**
   * With `renews: 'provider'`: what changing the subscription costs at `prorationDate`, as
   * the provider computes it (Stripe: `invoices.createPreview`). Nothing changes.
   */
  previewSubscriptionChange?(input: SubscriptionChangeInput): Promise<SubscriptionChangeAmounts>;
  /**
   * With `renews: 'provider'`: changes the subscription, charging the prorated difference
   * now (`always_invoice`; a refused charge changes nothing) or from the next renewal on
   * (`none`). Idempotent on the key.
   */
  changeSubscription?(
    input: SubscriptionChangeInput & { idempotencyKey: string },
  ): Promise<SubscriptionChangeOutcome>;
  /**
   * With `renews: 'provider'`: the renewal payment that waits for the buyer (a card the
   * bank wants confirmed, or one that was refused), with the provider's page where the buyer
   * confirms and pays it; null when nothing is open. The manage page shows it.
   */
  openRenewalPayment?(providerSubscriptionRef: string): Promise<OpenRenewalPayment | null>;
  /**
   * With `renews: 'provider'`: makes `paymentMethodId` (saved to the subscription's customer
   * by a `setup` intent) the card the provider's subscription is charged with (Stripe:
   * `subscriptions.update` `default_payment_method`). Without it, a new card is kept by the
   * engine only.
   */
  setSubscriptionPaymentMethod?(
    providerSubscriptionRef: string,
    paymentMethodId: string,
  ): Promise<void>;
  /**
   * With `renews: 'provider'`: pays the subscription's open renewal now with its card (Stripe:
   * `invoices.pay`), after the buyer put in a new one.
   */
  payOpenRenewal?(providerSubscriptionRef: string): Promise<OpenRenewalPaymentResult>;
  /**
   * Refunds (part of) a payment. Idempotent on the key; a refusal (already refunded, an
   * amount the payment does not cover) is a `failed` outcome, and only a provider that could
   * not be reached throws, so the engine asks again later. Without it, orders cannot be
   * refunded through the engine.
   */
  refund?(input: RefundInput): Promise<RefundOutcome>;
  /**
   * Verifies a webhook on its raw body and turns it into protocol events.
   * @throws WebhookSignatureError when the signature does not hold.
   */
  parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]>;
}
