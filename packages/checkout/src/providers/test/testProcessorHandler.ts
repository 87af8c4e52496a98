import { en } from '../../messages/compiled/en.js';
import type { TestProcessor } from './testProcessor.js';
import {
  authenticationPage,
  type HostedPageState,
  hostedPaymentPage,
  notFoundPage,
  type PageLocale,
  TEST_CARD_ERROR_MESSAGES,
  TEST_PROCESSOR_CSS,
} from './testProcessorPages.js';

/** Options of {@link createTestProcessorHandler}. */
export interface TestProcessorHandlerOptions {
  /** Shown on the pages (default `Plankit`). */
  merchantName?: string;
  /** The pages' language and text for a request (default English). */
  localeOf?: (request: Request) => PageLocale;
  /**
   * Whether this request's browser may act on the intent: approve or decline it at the test
   * bank, or pay it on the hosted page. Default: anyone holding the link. A host that knows
   * the buyer's browser (the checkout engine's `ownsCheckout`, with the intent's
   * `metadata.plankit_session`) answers it, so a leaked bank or payment link shows "not
   * found" elsewhere, as a real bank would ask the cardholder to prove who they are.
   */
  allows?: (
    request: Request,
    intent: { id: string; metadata: Readonly<Record<string, string>> },
  ) => boolean | Promise<boolean>;
}

const ENGLISH: PageLocale = { lang: 'en', dir: 'ltr', text: en };
/** A card form is a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

async function readForm(request: Request): Promise<Record<string, string>> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw new RangeError('too large');
  const type = request.headers.get('content-type') ?? '';
  const values: Record<string, string> = {};
  if (type.includes('application/json')) {
    const body = (await request.json()) as Record<string, unknown>;
    for (const [key, value] of Object.entries(body))
      if (typeof value === 'string') values[key] = value;
  } else {
    for (const [key, value] of (await request.formData()).entries()) {
      if (typeof value === 'string') values[key] = value;
    }
  }
  return values;
}

/**
 * The test processor's HTTP side, as a fetch handler the host mounts under its base path
 * (`/test-processor/*`): the tokenising endpoint the test card fields post to, the test
 * bank's authentication page and the hosted payment page. Framework-agnostic: a Next.js
 * route handler passes its `Request` through.
 */
export function createTestProcessorHandler(
  processor: TestProcessor,
  options: TestProcessorHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const merchantName = options.merchantName ?? 'Plankit';
  const localeOf = options.localeOf ?? (() => ENGLISH);
  const allows = options.allows ?? (() => true);
  const stylesheet = `${processor.basePath}/styles.css`;

  return async (request) => {
    const notFound = () => html(notFoundPage(localeOf(request), stylesheet), 404);
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${processor.basePath}/`)) return notFound();
    const [section, rawId, ...rest] = url.pathname.slice(processor.basePath.length + 1).split('/');
    if (rest.length > 0) return notFound();
    const id = rawId === undefined ? '' : decodeURIComponent(rawId);
    const post = request.method === 'POST';
    try {
      if (section === 'styles.css' && id === '' && !post) {
        return new Response(TEST_PROCESSOR_CSS, {
          headers: {
            'content-type': 'text/css; charset=utf-8',
            'cache-control': 'public, max-age=3600',
          },
        });
      }
      if (section === 'v1' && id === 'payment_methods' && post) {
        const form = await readForm(request);
        const made = await processor.createPaymentMethod({
          number: form.number ?? '',
          expiry: form.expiry ?? '',
          cvc: form.cvc ?? '',
        });
        return 'errors' in made ? json({ errors: made.errors }, 400) : json(made);
      }
      if (!/^pi_[\w-]{1,64}$/.test(id)) return notFound();
      const intent = await processor.ledger.get(id);
      if (!intent || intent.kind === 'charge') return notFound();
      // Not this browser's payment: as if there were none (nothing shown, nothing decided).
      if (!(await allows(request, { id: intent.id, metadata: intent.metadata }))) {
        return notFound();
      }
      const locale = localeOf(request);
      const back = intent.returnUrl ?? '/';

      // A refused bank check on the hosted page's way leads back there, for another card.
      const after = (decided: { hosted: boolean; status: string }) =>
        decided.hosted && decided.status === 'requires_payment_method'
          ? seeOther(processor.paths.pay(intent.id))
          : seeOther(back);
      if (section === 'authenticate') {
        if (intent.status !== 'requires_action') return after(intent);
        if (!post) return html(authenticationPage(intent, merchantName, locale, stylesheet));
        const form = await readForm(request);
        const decided = await processor.decide(intent.id, form.decision === 'approve', url.origin);
        return after(decided ?? intent);
      }
      if (section === 'pay') {
        // Only an intent made for the hosted page is paid here: one the plan step's fields
        // were refused for is over, and a new attempt makes a new intent.
        if (!intent.hosted) return notFound();
        if (intent.status !== 'requires_payment_method') return seeOther(back);
        if (!post) {
          // Back from a refused bank check: say why.
          const refused = intent.lastError ? TEST_CARD_ERROR_MESSAGES[intent.lastError] : null;
          const state: HostedPageState = { errors: {}, formError: refused ?? null, expiry: '' };
          return html(hostedPaymentPage(intent, merchantName, locale, stylesheet, state));
        }
        const form = await readForm(request);
        const card = { number: form.number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' };
        const paid = await processor.payOnHostedPage(intent.id, card, url.origin);
        if (!paid) return notFound();
        const state: HostedPageState = { errors: {}, formError: null, expiry: card.expiry };
        if ('errors' in paid) {
          state.errors = paid.errors;
        } else if (paid.intent.status === 'requires_action') {
          return seeOther(processor.paths.authenticate(intent.id));
        } else if (paid.intent.status === 'requires_payment_method' && paid.intent.lastError) {
          // Declined: another card may be tried on the same page.
          state.formError = TEST_CARD_ERROR_MESSAGES[paid.intent.lastError] ?? 'errorDeclined';
        } else {
          return seeOther(back);
        }
        const shown = 'intent' in paid ? paid.intent : intent;
        return html(hostedPaymentPage(shown, merchantName, locale, stylesheet, state), 400);
      }
      return notFound();
    } catch (error) {
      if (error instanceof RangeError) return new Response('Payload too large', { status: 413 });
      if (error instanceof SyntaxError || error instanceof TypeError) {
        return new Response('Bad request', { status: 400 });
      }
      throw error;
    }
  };
}
