import type { BillingInterval } from '../catalog/constants.js';
import type { Quote } from '../pricing/quote.js';
import type { CheckoutField, FieldError } from '../validation/checkoutForm.js';
import type { PlanChangeChoices } from './planChangeTypes.js';

/**
 * What the plan step shows after a submission that did not redirect: field errors, a
 * form-level error (decline, throttling), and the values to put back into the form.
 * The form has no card fields: the payment provider's own fields keep the card.
 */
export interface PlanStepState {
  status: 'idle' | 'invalid' | 'failed';
  fieldErrors: Partial<Record<CheckoutField, FieldError>>;
  /** A message for the whole form (declined card, too many attempts). */
  formError: FieldError | null;
  /** The values to refill the form with. */
  values: Partial<Record<CheckoutField, string>>;
  /** The idempotency key to reuse on the next submission (keeps the same session). */
  idempotencyKey: string | null;
  /**
   * The promo code the server checked and applied, so the summary can show the discount
   * before the visitor pays. The engine charges only when the typed code equals it.
   */
  appliedPromo?: { code: string; percentOff: number } | null;
  /**
   * Set when nothing was charged because the total the form showed is not the server's
   * quote (seats, country or interval changed without JavaScript, a price changed): the
   * form shows the new total and the visitor confirms it with the same button.
   */
  review?: 'total-changed' | null;
  /**
   * Set when the payment waits for an action only the provider's script can take in this
   * page (Stripe's `use_stripe_sdk`: 3-D Secure in a dialog). The form stays busy; the
   * payment fields, which read it from the slot's `state`, take the action with
   * `clientSecret` and then send the browser to `returnUrl`, the finish step, which asks the
   * provider for the outcome (`StripePaymentFields` does; the test provider never asks).
   */
  nextAction?: { clientSecret: string; returnUrl: string } | null;
}

/** The initial, empty plan-step state. */
export const initialPlanStepState: PlanStepState = {
  status: 'idle',
  fieldErrors: {},
  formError: null,
  values: {},
  idempotencyKey: null,
};

/**
 * The server's submit action: takes the previous state and the posted form, returns the
 * next state (or redirects). In Next.js, a Server Action; elsewhere any async function.
 */
export type PlanStepAction = (state: PlanStepState, formData: FormData) => Promise<PlanStepState>;

/**
 * What the manage page says after the buyer put in a new card (issue 22.2): saved
 * (`updated`), saved and the open renewal paid (`paid`), saved but that payment declined
 * (`declined`, `declined_funds`), still being decided (`pending`), or not saved (`failed`).
 */
export type PaymentMethodNotice =
  | 'updated'
  | 'paid'
  | 'declined'
  | 'declined_funds'
  | 'pending'
  | 'failed';

/**
 * What a card update asks the host to do next: go to a page (the manage page with its
 * notice, or the provider's page) or show the form's state (a refused card; a next action
 * for the provider's script).
 */
export type PaymentMethodUpdateResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'state'; state: PlanStepState };

/** What a submission asks the host to do next. */
export type SubmitResult =
  | { kind: 'redirect'; location: string; sessionId: string }
  | { kind: 'state'; state: PlanStepState };

/** Where the visitor came from; used for throttling and to bind a session to its browser. */
export interface RequestContext {
  /** The client's IP address (or another stable client key); hashed before storage. */
  clientAddress?: string | null;
  /** A random token the host keeps in a cookie; only its owner sees the finish step. */
  visitorToken?: string | null;
  /** The language the page is shown in (BCP 47, default `en`), kept for the buyer's emails. */
  locale?: string | null;
}

/** A receipt line set shown on the finish step. */
export interface Receipt {
  reference: string;
  planId: string;
  planName: string;
  interval: BillingInterval;
  seats: number;
  perSeat: boolean;
  email: string;
  quote: Quote;
  amountPaid: number;
  /** The card it was paid with (or, for a trial, saved): brand and last four digits. */
  paymentMethod: { brand: string; last4: string } | null;
  subscriptionStatus: 'trialing' | 'active' | 'past_due' | 'canceled';
  currentPeriodEnd: string;
  trialEnd: string | null;
  /** For a trial: when the first charge is due, and how much it is. */
  firstCharge: { date: string; amount: number } | null;
  /** The signed link to this receipt (any device, printable), when the engine made one. */
  receiptUrl?: string;
  /** The signed link to the subscription's manage page. */
  manageUrl?: string;
}

/** The printable receipt of an order, opened by its signed link (`engine.getReceiptView`). */
export type ReceiptPageView =
  | {
      status: 'found';
      receipt: Receipt;
      /** `checkout` (the purchase), `renewal` (a later period) or `proration` (a plan change). */
      kind: 'checkout' | 'renewal' | 'proration';
      /** When it was paid (ISO 8601). */
      date: string;
      /** `company` and `vatId`: a business buyer's (null for a consumer, `vatId` when given none). */
      buyer: {
        name: string;
        email: string;
        country: string;
        company: string | null;
        vatId: string | null;
      };
      /** `vatId`: the merchant's, on a business buyer's receipt (null otherwise or when unset). */
      merchant: { name: string; address: string[]; vatId: string | null };
      /** The subscription's manage page (signed), when there is a subscription. */
      manageUrl: string | null;
      /** The refunds that went through, oldest first (each with its credit note). */
      refunds: ReceiptRefund[];
      /** The whole payment was refunded. */
      refundedInFull: boolean;
      /** The invoice as PDF (signed, `routes.invoice`), when the order has an invoice number. */
      invoiceUrl?: string | null;
    }
  | { status: 'not_found' };

/** A refund as the receipt page shows it. */
export interface ReceiptRefund {
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** When it went through (ISO 8601). */
  date: string;
  creditNoteNumber: string | null;
  reason: string | null;
}

/** A subscription's manage page, opened by its signed link (`engine.getSubscriptionView`). */
export type SubscriptionPageView =
  | {
      status: 'found';
      planName: string;
      interval: BillingInterval;
      seats: number;
      subscriptionStatus: 'trialing' | 'active' | 'past_due' | 'canceled';
      /** The buyer canceled: it ends at `currentPeriodEnd`. */
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: string;
      /** The next charge, while one is due. */
      nextCharge: { amount: number; currency: string; date: string } | null;
      /** The checkout's receipt (signed). */
      receiptUrl: string;
      /** Every charge and refund, newest first. */
      history: BillingHistoryEntry[];
      /** Changing plan, interval or seats; absent when the subscription has ended. */
      planChange?: PlanChangeChoices | null;
      /**
       * The card the subscription is charged with (brand and last four digits), once known:
       * the one the buyer put in last, else the checkout's.
       */
      paymentMethod?: { brand: string; last4: string } | null;
      /** The buyer may replace the card (the subscription has not ended). */
      canUpdatePaymentMethod?: boolean;
      /**
       * A renewal's payment that waits for the buyer (past due, with a provider that
       * renews): the provider's page where they confirm and pay it. Absent otherwise.
       */
      openPayment?: {
        url: string;
        amount: number;
        currency: string;
        /** The bank asks the buyer to confirm it (else the card was refused). */
        needsAuthentication: boolean;
      } | null;
    }
  | { status: 'not_found' };

/** One line of a subscription's billing history. */
export interface BillingHistoryEntry {
  kind: 'purchase' | 'renewal' | 'plan_change' | 'refund';
  /** ISO 8601. */
  date: string;
  /** Paid (or, for a refund, refunded), in minor units of `currency`. */
  amount: number;
  currency: string;
  /** The invoice's number, or the credit note's for a refund; null when none was issued. */
  documentNumber: string | null;
  /** The receipt of the order it belongs to (signed). */
  receiptUrl: string;
}

/** Everything the finish step can show; dates are ISO strings so it crosses to the client. */
export type FinishView =
  | { status: 'paid'; receipt: Receipt }
  | { status: 'trialing'; receipt: Receipt }
  | { status: 'free'; receipt: Receipt }
  | { status: 'pending'; sessionId: string; planName: string }
  | {
      status: 'action_required';
      sessionId: string;
      planName: string;
      /** The provider's page that waits for the buyer (the bank, or the hosted payment page). */
      actionUrl: string;
    }
  | {
      status: 'failed';
      planName: string;
      reason: FieldError;
      /** Plan-step URL with the visitor's choices kept. */
      retryUrl: string;
    }
  | { status: 'expired'; planName: string; planUrl: string }
  | { status: 'canceled'; planName: string; planUrl: string }
  | { status: 'refunded'; receipt: Receipt }
  | { status: 'not_found' };
