import { redirect } from 'next/navigation.js';
import { ManageSubscription, type ManageSubscriptionProps, messagesFor } from '../index.js';
import { cancelSubscription, resumeSubscription, updatePaymentMethod } from './actions.js';
import { getEngine } from './engineHolder.js';
import { pageLocale } from './pageLocale.js';
import { cardFields } from './paymentFields.js';
import { PlanChangeSection } from './planChangeSection.js';
import type { PlankitPageProps } from './planPage.js';
import { currentTheme } from './requestContext.js';
import type { PlankitRuntime } from './runtime.js';
import type { TokenParams } from './sessionPages.js';

/**
 * A manage-page Server Action: the subscription's signed token first (bound here), then
 * what the form gives it (`formData`, or `state, formData` for one behind `useActionState`).
 */
type ManageAction = (token: string, ...rest: never[]) => Promise<unknown>;

/**
 * The manage page's forms, by the `ManageSubscription` prop each fills: one line per action
 * (the action itself lives in actions.ts). Each is bound to the page's token. (The plan
 * change's and the card update's actions sit in their own sections, below.)
 */
const MANAGE_ACTIONS = {
  cancelAction: cancelSubscription,
  resumeAction: resumeSubscription,
} satisfies { [Prop in keyof ManageSubscriptionProps]?: ManageAction };

/** An action with its token bound: what the component's prop takes. */
type Bound<Action> = Action extends (token: string, ...rest: infer Rest) => infer Result
  ? (...rest: Rest) => Result
  : never;

type BoundActions = { [Prop in keyof typeof MANAGE_ACTIONS]: Bound<(typeof MANAGE_ACTIONS)[Prop]> };

function boundTo(token: string): BoundActions {
  return Object.fromEntries(
    Object.entries(MANAGE_ACTIONS).map(([prop, action]) => [prop, action.bind(null, token)]),
  ) as BoundActions;
}

/** The props Next.js gives the manage page: its token and its query. */
export interface ManagePageProps extends PlankitPageProps<TokenParams> {
  /**
   * `?confirm=cancel` asks to confirm the cancellation; `?plan=&interval=&seats=` previews a
   * plan change (`?changed=`, `?change=` say what the last one did); `?card=update` opens the
   * card form and `?payment_method=` says what became of a new card.
   */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** A subscription's manage page behind its signed link; plain forms, no JavaScript needed. */
export async function renderManagePage(
  runtime: PlankitRuntime,
  { params, searchParams }: ManagePageProps,
) {
  const [resolved, query] = await Promise.all([params, searchParams]);
  const { confirm, card, payment_method: notice } = query;
  const { token } = resolved;
  const locale = await pageLocale(resolved);
  const routes = runtime.routes();
  const engine = await getEngine(runtime);
  let pageHref: string = routes.home;
  try {
    pageHref = routes.subscription(token);
  } catch {
    // A malformed token: the view is not_found and never links back to itself.
  }
  // Back from the provider's pages (3-D Secure, hosted page): the engine applies the new card
  // once, and the page says what became of it (a reload shows the same notice).
  if (notice === 'return' && pageHref !== routes.home) {
    const outcome = await engine.completePaymentMethodUpdate(token);
    redirect(outcome ? `${pageHref}?payment_method=${outcome}` : pageHref);
  }
  const view = await engine.getSubscriptionView(token, { locale });
  const stripe = runtime.settings().stripe;
  return (
    <ManageSubscription
      theme={(await currentTheme()) ?? undefined}
      view={view}
      pageHref={pageHref}
      confirmCancel={confirm === 'cancel'}
      {...boundTo(token)}
      plansHref={routes.home}
      planChange={
        view.status === 'found' && view.planChange ? (
          <PlanChangeSection
            runtime={runtime}
            token={token}
            choices={view.planChange}
            pageHref={pageHref}
            query={query}
            locale={locale}
          />
        ) : null
      }
      paymentMethod={
        view.status === 'found'
          ? {
              fields: cardFields(
                runtime,
                view.nextCharge?.currency ?? runtime.catalog.defaultCurrency,
              ),
              action: updatePaymentMethod.bind(null, token),
              notice: typeof notice === 'string' ? notice : undefined,
              open: card === 'update',
              testMode: stripe ? stripe.testMode : true,
            }
          : undefined
      }
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
