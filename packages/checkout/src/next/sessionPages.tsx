import {
  CheckoutNotFound,
  FindSubscription,
  FinishStep,
  messagesFor,
  ReceiptPage,
} from '../index.js';
import { findSubscriptions } from './actions.js';
import { getEngine } from './engineHolder.js';
import { type LocaleParams, pageLocale } from './pageLocale.js';
import type { PlankitPageProps } from './planPage.js';
import { currentRequestIdHeader, currentTheme, requestContext } from './requestContext.js';
import { withRequestId } from './requestScope.js';
import type { PlankitRuntime } from './runtime.js';

// The pages read per request: what they show belongs to one visitor or one signed link.

/** The finish step's route parameters: a `[checkoutPath]` segment when the path is one. */
export interface FinishPageParams extends LocaleParams {
  /** A `[checkoutPath]` segment, when the path is one. */
  checkoutPath?: string;
}

/** The props Next.js gives the finish page: its parameters and `?session=`. */
export interface FinishPageProps extends PlankitPageProps<FinishPageParams> {
  /** `?session=`: the checkout session's id. */
  searchParams: Promise<{ session?: string | string[] }>;
}

/**
 * The finish step (`app/{checkoutPath}/finish/page.tsx`): the session's outcome. It
 * renders its own "not found" view instead of calling notFound(): in a dynamic page,
 * Next.js 16 sends that 404 with an empty body and the not-found UI only in the RSC payload,
 * so a visitor without JavaScript would see a blank page (vercel/next.js#98954).
 */
export async function renderFinishPage(
  runtime: PlankitRuntime,
  { params, searchParams }: FinishPageProps,
) {
  const [resolved, { session }] = await Promise.all([params, searchParams]);
  const locale = await pageLocale(resolved);
  const messages = messagesFor(locale);
  const routes = runtime.routes();
  if (resolved.checkoutPath !== undefined && resolved.checkoutPath !== routes.checkoutPath) {
    return <CheckoutNotFound plansHref={routes.home} messages={messages} />;
  }
  const [engine, context, requestId, theme] = await Promise.all([
    getEngine(runtime),
    requestContext(runtime, { mintVisitor: false }),
    currentRequestIdHeader(),
    currentTheme(),
  ]);
  const sessionId = typeof session === 'string' ? session : null;
  const view = await withRequestId(requestId, () => engine.getFinishView(sessionId, context));
  return (
    <FinishStep
      theme={theme ?? undefined}
      view={view}
      plansHref={routes.home}
      messages={messages}
      locale={locale}
      pendingReloadHref={view.status === 'pending' ? routes.finish(view.sessionId) : undefined}
    />
  );
}

/** A receipt's route parameters: its signed token. */
export interface TokenParams extends LocaleParams {
  /** The signed link's token. */
  token: string;
}

/** A receipt behind its signed link (`app/receipts/[token]/page.tsx`): any browser, no cookie. */
export async function renderReceiptPage(
  runtime: PlankitRuntime,
  { params }: PlankitPageProps<TokenParams>,
) {
  const resolved = await params;
  const locale = await pageLocale(resolved);
  const engine = await getEngine(runtime);
  const view = await engine.getReceiptView(resolved.token, { locale });
  return (
    <ReceiptPage
      theme={(await currentTheme()) ?? undefined}
      view={view}
      plansHref={runtime.routes().home}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}

/** "Find my subscription" (`app/subscriptions/page.tsx`): the buyer's way back to their links. */
export async function renderFindSubscriptionPage(
  _runtime: PlankitRuntime,
  { params }: PlankitPageProps<LocaleParams>,
) {
  const locale = await pageLocale(await params);
  return (
    <FindSubscription
      theme={(await currentTheme()) ?? undefined}
      action={findSubscriptions}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}

/** The "not found" content in the page's language, for a not-found or a 404 page. */
export async function renderNotFoundPage(
  runtime: PlankitRuntime,
  { params }: Partial<PlankitPageProps<LocaleParams>>,
) {
  const locale = await pageLocale((await params) ?? {});
  return <CheckoutNotFound plansHref={runtime.routes().home} messages={messagesFor(locale)} />;
}
