// What the manage page shows about plan changes (issue 22.1): the choices, the preview of
// one change before anything is charged, and what confirming it did.

import type { BillingInterval } from '../catalog/constants.js';

/** A plan the buyer may change to, with its intervals and seat bounds. */
export interface PlanChangeOption {
  id: string;
  /** The plan's name in the page's language. */
  name: string;
  /** The intervals it has a price for in the subscription's currency. */
  intervals: BillingInterval[];
  /** Seat bounds of a plan sold per seat; null otherwise. */
  seats: { min: number; max: number } | null;
}

/** The manage page's "change plan" section (`SubscriptionPageView.planChange`). */
export interface PlanChangeChoices {
  current: { planId: string; interval: BillingInterval; seats: number };
  plans: PlanChangeOption[];
  /**
   * Why no change can be made now: `past_due` (pay first), `canceling` (resume first), or
   * null when it can.
   */
  blocked: 'past_due' | 'canceling' | null;
  /** A downgrade waiting for the period's end, which the buyer may undo. */
  pending: {
    changeId: string;
    planName: string;
    interval: BillingInterval;
    seats: number;
    /** Charged from then on, per period (tax included). */
    amount: number;
    currency: string;
    /** When it takes effect (ISO 8601). */
    date: string;
  } | null;
}

/** Plan, interval and seats with what they cost per period, as a preview shows them. */
export interface PlanTermsView {
  planId: string;
  planName: string;
  interval: BillingInterval;
  seats: number;
  /** Per period, tax included, in minor units. */
  amount: number;
}

/** A change the buyer asked to see (`engine.previewPlanChange`), before confirming it. */
export type PlanChangePreviewView =
  | {
      status: 'preview';
      from: PlanTermsView;
      to: PlanTermsView;
      currency: string;
      /** `now` (an upgrade, or a downgrade the engine applies at once) or `period_end`. */
      effective: 'now' | 'period_end';
      /** When it takes effect (ISO 8601). */
      effectiveAt: string;
      /** Charged at once when confirmed (tax included); 0 for a downgrade or in a trial. */
      amountDue: number;
      /** Of `amountDue`: the tax (0 when reverse charged). */
      tax: number;
      /** Credited toward the next charges (a downgrade applied at once). */
      credit: number;
      /** The sale is reverse charged (EU business buyer): no VAT. */
      reverseCharge: boolean;
      /** Prices include the tax (else it is added). */
      taxInclusive: boolean;
      /** The first charge after the change. */
      nextRenewal: { amount: number; date: string };
      /** The signed confirmation: the change and its proration instant, fixed. */
      confirmToken: string;
      /**
       * The preview confirmed before was out of date (the subscription changed, or too much
       * time passed): this one is current, and nothing was charged.
       */
      stale: boolean;
    }
  | {
      status: 'invalid';
      /** `same` (nothing changes), `plan` (unknown, or no price), `seats` (out of bounds), `blocked`. */
      reason: 'same' | 'plan' | 'seats' | 'blocked';
    }
  | { status: 'not_found' };

/** What confirming a change did (`engine.confirmPlanChange`). */
export type PlanChangeResult =
  | { status: 'applied' | 'scheduled' }
  /** The saved card was refused: nothing changed (`insufficient_funds`, else `declined`). */
  | { status: 'declined'; reason: 'insufficient_funds' | 'declined' }
  /** The preview was out of date: nothing was charged; the current preview. */
  | { status: 'stale'; preview: PlanChangePreviewView }
  | { status: 'invalid' }
  | { status: 'not_found' };
