// Plan changes from the manage page (issue 22.1): a preview before anything is charged, and
// its confirmation.
//
// The preview fixes the proration instant (whole seconds, as Stripe's `proration_date`) and
// signs it with the change and the amounts shown (`plan-change` token, signedLinks.ts). The
// confirmation recomputes the change at that same instant: when the subscription is as it
// was and the amounts are the ones signed, it charges exactly that; otherwise (changed
// meanwhile, or the preview is older than PREVIEW_VALID_MS) nothing is charged and a new
// preview is shown. The charge's idempotency key is made from the subscription, its period,
// the change and the instant, so a confirmation sent twice charges once, and the store
// records the change once (its update names the terms it changes from).

import { planTexts } from '../catalog/planTexts.js';
import { createOrderReference } from '../ids/orderReference.js';
import type { CheckoutSession, Subscription } from '../store/types.js';
import type {
  PlanChangePreviewView,
  PlanChangeResult,
  PlanTermsView,
} from '../views/planChangeTypes.js';
import type { EngineContext } from './engineContext.js';
import {
  changeAtProvider,
  changedAtProvider,
  providerPriced,
  restoreAtProvider,
  withAmounts,
} from './planChangesAtProvider.js';
import {
  type PlanChangeRequest,
  type PlannedChange,
  planChange,
  readPlanChangeRequest,
  termsOf,
} from './planChangeTerms.js';
import { readLink, signLink } from './signedLinks.js';

/** How long a preview may be confirmed: after that the buyer sees it again, recomputed. */
export const PREVIEW_VALID_MS = 30 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The subscription a manage token was signed for. */
async function subscriptionOf(ctx: EngineContext, token: unknown): Promise<Subscription | null> {
  const id = readLink(ctx.secret, 'subscription', token);
  if (!id || !UUID.test(id)) return null;
  return ctx.fromStore('getSubscription', { subscriptionId: id }, () =>
    ctx.store.getSubscription(id),
  );
}

/**
 * The checkout's session: its quote (tax rate, reverse charge, promo), which every change
 * carries over, and the buyer's country.
 */
async function checkoutOf(ctx: EngineContext, subscription: Subscription) {
  const record = await ctx.fromStore('getOrderRecord', { subscriptionId: subscription.id }, () =>
    ctx.store.getOrderRecord(subscription.orderId),
  );
  return record?.session ?? null;
}

/** Whether a subscription cannot change now (or its provider cannot change it). */
function isBlocked(ctx: EngineContext, subscription: Subscription): boolean {
  return (
    subscription.cancelAtPeriodEnd ||
    (subscription.status !== 'active' && subscription.status !== 'trialing') ||
    (subscription.renewedBy !== 'engine' && !changedAtProvider(ctx, subscription))
  );
}

/** The signed confirmation of a change computed at an instant. */
function confirmTokenOf(ctx: EngineContext, subscription: Subscription, change: PlannedChange) {
  const { request } = change;
  const at = change.proration.at.getTime() / 1000;
  const id = [
    subscription.id,
    request.planId,
    request.interval,
    request.seats,
    at,
    change.amountDue,
    change.credit,
  ].join('~');
  return signLink(ctx.secret, 'plan-change', id);
}

/** Reads a confirmation: the change, its instant and the amounts shown; null when forged. */
function readConfirmToken(ctx: EngineContext, token: unknown) {
  const id = readLink(ctx.secret, 'plan-change', token);
  const parts = id?.split('~') ?? [];
  if (parts.length !== 7) return null;
  const [subscriptionId, planId, interval, seats, at, amountDue, credit] = parts;
  const request = readPlanChangeRequest({ plan: planId, interval, seats });
  const atS = Number(at);
  if (!request || !subscriptionId || !Number.isSafeInteger(atS)) return null;
  return {
    subscriptionId,
    request,
    at: new Date(atS * 1000),
    amountDue: Number(amountDue),
    credit: Number(credit),
  };
}

function termsView(
  ctx: EngineContext,
  terms: { planId: string; interval: PlanTermsView['interval']; seats: number; amount: number },
  locale?: string | null,
): PlanTermsView {
  const plan = ctx.planOf(terms.planId);
  return { ...terms, planName: plan ? planTexts(plan, locale).name : terms.planId };
}

/** The preview of a change worked out at its instant. */
function previewOf(
  ctx: EngineContext,
  subscription: Subscription,
  change: PlannedChange,
  locale: string | null | undefined,
  stale: boolean,
): PlanChangePreviewView {
  const { proration, next, effective } = change;
  const resets =
    effective === 'now' && subscription.status !== 'trialing' && proration.resetsPeriod;
  const effectiveAt = effective === 'now' ? proration.at : subscription.currentPeriodEnd;
  const renewalDate = resets ? proration.period.end : subscription.currentPeriodEnd;
  const credit = subscription.creditBalance + change.credit;
  return {
    status: 'preview',
    from: termsView(ctx, termsOf(subscription), locale),
    to: termsView(ctx, { ...change.request, amount: next.total }, locale),
    currency: subscription.currency,
    effective,
    effectiveAt: effectiveAt.toISOString(),
    amountDue: change.amountDue,
    tax: change.amountDue > 0 ? proration.tax : 0,
    credit: change.credit,
    reverseCharge: Boolean(next.reverseCharge),
    taxInclusive: next.taxInclusive,
    nextRenewal: {
      amount: next.total - Math.min(credit, next.total),
      date: renewalDate.toISOString(),
    },
    confirmToken: confirmTokenOf(ctx, subscription, change),
    stale,
  };
}

/**
 * The preview of changing the subscription a manage token opens to `request` (a form or a
 * query: `plan`, `interval`, `seats`), computed now. Nothing is charged or changed.
 */
export async function previewPlanChange(
  ctx: EngineContext,
  token: unknown,
  request: Record<string, unknown> | FormData,
  locale?: string | null,
  stale = false,
): Promise<PlanChangePreviewView> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription) return { status: 'not_found' };
  return previewFor(ctx, subscription, readPlanChangeRequest(request), locale, stale);
}

async function previewFor(
  ctx: EngineContext,
  subscription: Subscription,
  request: PlanChangeRequest | null,
  locale: string | null | undefined,
  stale: boolean,
): Promise<PlanChangePreviewView> {
  if (!request) return { status: 'invalid', reason: 'plan' };
  if (isBlocked(ctx, subscription)) return { status: 'invalid', reason: 'blocked' };
  const checkout = await checkoutOf(ctx, subscription);
  if (!checkout) return { status: 'not_found' };
  await ctx.clock.ready();
  const change = planChange(ctx, subscription, checkout.quote, request, ctx.clock.now());
  if (typeof change === 'string') return { status: 'invalid', reason: change };
  const priced = await providerPriced(ctx, subscription, checkout, change);
  return previewOf(ctx, subscription, priced, locale, stale);
}

/**
 * Confirms a previewed change (`confirm`: the preview's `confirmToken`): an upgrade is
 * charged (exactly the amount previewed) and applied at once; a downgrade is scheduled for
 * the period's end, or applied at once with its credit (`planChanges.downgrade: 'now'`).
 * `subscription.updated` and the buyer's email follow. A declined charge changes nothing.
 */
export async function confirmPlanChange(
  ctx: EngineContext,
  token: unknown,
  confirm: unknown,
  locale?: string | null,
): Promise<PlanChangeResult> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription) return { status: 'not_found' };
  const signed = readConfirmToken(ctx, confirm);
  if (!signed || signed.subscriptionId !== subscription.id) return { status: 'invalid' };
  const reshow = async (): Promise<PlanChangeResult> => ({
    status: 'stale',
    preview: await previewFor(ctx, subscription, signed.request, locale, true),
  });
  if (isBlocked(ctx, subscription)) return { status: 'invalid' };
  const checkout = await checkoutOf(ctx, subscription);
  if (!checkout) return { status: 'not_found' };
  await ctx.clock.ready();
  const now = ctx.clock.now();
  if (now.getTime() - signed.at.getTime() > PREVIEW_VALID_MS || signed.at > now) return reshow();
  const planned = planChange(ctx, subscription, checkout.quote, signed.request, signed.at);
  if (typeof planned === 'string') {
    // Already applied (a confirmation sent twice): the subscription has the new terms.
    return planned === 'same' ? { status: 'applied' } : { status: 'invalid' };
  }
  // The provider's proration at the signed instant, asked again: it must still be the one shown.
  const change = await providerPriced(ctx, subscription, checkout, planned);
  if (change.amountDue !== signed.amountDue || change.credit !== signed.credit) {
    // The provider has these terms already (nothing left to prorate): this confirmation's
    // twin changed it a moment ago, and repeating its request under the same key answers
    // with that change, charging nothing more. Otherwise the preview is stale.
    const twin = change !== planned && change.proration.net === 0 && change.proration.tax === 0;
    if (!twin) return reshow();
  }
  return applyPlanChange(ctx, subscription, checkout, change);
}

async function applyPlanChange(
  ctx: EngineContext,
  subscription: Subscription,
  checkout: CheckoutSession,
  planned: PlannedChange,
): Promise<PlanChangeResult> {
  const details = { subscriptionId: subscription.id };
  let change = planned;
  const { request, next } = change;
  const applied = change.effective === 'now';
  const resets = applied && subscription.status !== 'trialing' && change.proration.resetsPeriod;
  const key = [
    subscription.id,
    'change',
    subscription.currentPeriodEnd.toISOString(),
    request.planId,
    request.interval,
    request.seats,
    change.proration.at.getTime() / 1000,
  ].join(':');
  let charge: { intentId: string; paymentMethod: { brand: string; last4: string } | null } | null =
    null;
  let providerPeriod: { start: Date; end: Date } | null = null;
  if (changedAtProvider(ctx, subscription)) {
    // The provider charges (or credits) and changes its subscription in one request.
    const result = await changeAtProvider(ctx, subscription, checkout, change, key);
    if (result.status !== 'succeeded') {
      return {
        status: 'declined',
        reason: result.code === 'insufficient_funds' ? 'insufficient_funds' : 'declined',
      };
    }
    if (change.effective === 'now' && subscription.status !== 'trialing') {
      change = withAmounts(change, result);
      providerPeriod = result.period;
    }
    if (result.total > 0 && result.paymentId) {
      charge = { intentId: result.paymentId, paymentMethod: null };
    }
  } else if (change.amountDue > 0) {
    const { customerRef, paymentMethodId } = subscription;
    if (!customerRef || !paymentMethodId) return { status: 'declined', reason: 'declined' };
    const result = await ctx.fromProvider('chargeSavedMethod', details, () =>
      ctx.provider.chargeSavedMethod({
        idempotencyKey: key,
        amount: change.amountDue,
        currency: subscription.currency,
        description: `Plan change: ${request.planId} (${request.interval}, ${request.seats})`,
        customerRef,
        paymentMethodId,
        metadata: { plankit_subscription: subscription.id, plankit_change: key },
      }),
    );
    if (result.status !== 'succeeded') {
      return {
        status: 'declined',
        reason:
          result.status === 'failed' && result.code === 'insufficient_funds'
            ? 'insufficient_funds'
            : 'declined',
      };
    }
    charge = {
      intentId: result.intentId,
      paymentMethod: result.paymentMethod
        ? { brand: result.paymentMethod.brand, last4: result.paymentMethod.last4 }
        : null,
    };
  }
  const { proration } = change;
  const orderId = charge ? crypto.randomUUID() : null;
  const stored = await ctx.fromStore('changeSubscription', details, () =>
    ctx.store.changeSubscription({
      subscriptionId: subscription.id,
      expected: { ...termsOf(subscription), periodEnd: subscription.currentPeriodEnd },
      change: {
        id: crypto.randomUUID(),
        status: applied ? 'applied' : 'scheduled',
        effective: change.effective,
        effectiveAt: (applied ? proration.at : subscription.currentPeriodEnd).toISOString(),
        previous: termsOf(subscription),
        next: { ...request, amount: next.total },
        currency: subscription.currency,
        amountDue: change.amountDue,
        credit: change.credit,
        orderId,
        terms: next,
      },
      period: resets ? (providerPeriod ?? proration.period) : null,
      order: charge
        ? {
            reference: createOrderReference(),
            changeKey: key,
            providerPaymentId: charge.intentId,
            paymentMethod: charge.paymentMethod,
            invoicePrefix: ctx.invoicePrefix,
            subtotal: proration.net,
            discount: 0,
            tax: proration.tax,
            total: proration.total,
          }
        : null,
    }),
  );
  if (!stored) {
    const now = await ctx.fromStore('getSubscription', details, () =>
      ctx.store.getSubscription(subscription.id),
    );
    const same =
      now?.planId === request.planId &&
      now.interval === request.interval &&
      now.seats === request.seats;
    if (!same && charge) {
      // Charged, but the subscription changed in between (a renewal, a cancel): the money
      // was taken under this change's key and is not recorded. Nothing the buyer does next
      // charges it again (the same key); the merchant refunds it (`plankit refund` needs an
      // order, so the intent is named here).
      ctx.logger.error('[plankit] plan change charged but not recorded: refund it', {
        ...details,
        intentId: charge.intentId,
        amount: change.amountDue,
      });
      return { status: 'invalid' };
    }
    // Otherwise another request recorded this change first (the same charge, the same key).
  }
  return { status: applied ? 'applied' : 'scheduled' };
}

/** Undoes a downgrade scheduled for the period's end (`changeId`: the one shown). */
export async function undoPlanChange(
  ctx: EngineContext,
  token: unknown,
  changeId: unknown,
): Promise<boolean> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription || typeof changeId !== 'string' || !UUID.test(changeId)) return false;
  if (subscription.pendingChange?.id !== changeId) return false;
  if (changedAtProvider(ctx, subscription)) {
    // The provider bills the new price from the renewal on: put the current one back first.
    const checkout = await checkoutOf(ctx, subscription);
    if (!checkout) return false;
    await ctx.clock.ready();
    await restoreAtProvider(ctx, subscription, checkout, changeId, ctx.clock.now());
  }
  const undone = await ctx.fromStore(
    'cancelPendingChange',
    { subscriptionId: subscription.id },
    () => ctx.store.cancelPendingChange(subscription.id, changeId),
  );
  return undone !== null;
}
