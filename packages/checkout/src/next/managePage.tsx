import { ManageSubscription, type ManageSubscriptionProps, messagesFor } from '../index.js';
import { cancelSubscription, resumeSubscription } from './actions.js';
import { getEngine } from './engineHolder.js';
import { pageLocale } from './pageLocale.js';
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
 * (the action itself lives in actions.ts). Each is bound to the page's token.
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

/** The props Next.js gives the manage page: its token and `?confirm=`. */
export interface ManagePageProps extends PlankitPageProps<TokenParams> {
  /** `?confirm=cancel` asks to confirm the cancellation. */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** A subscription's manage page behind its signed link; plain forms, no JavaScript needed. */
export async function renderManagePage(
  runtime: PlankitRuntime,
  { params, searchParams }: ManagePageProps,
) {
  const [resolved, { confirm }] = await Promise.all([params, searchParams]);
  const { token } = resolved;
  const locale = await pageLocale(resolved);
  const routes = runtime.routes();
  const view = await (await getEngine(runtime)).getSubscriptionView(token, { locale });
  let pageHref: string = routes.home;
  try {
    pageHref = routes.subscription(token);
  } catch {
    // A malformed token: the view is not_found and never links back to itself.
  }
  return (
    <ManageSubscription
      theme={(await currentTheme()) ?? undefined}
      view={view}
      pageHref={pageHref}
      confirmCancel={confirm === 'cancel'}
      {...boundTo(token)}
      plansHref={routes.home}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
