import { findPlan, isLocale } from '@plankit/checkout';
import { type NextRequest, NextResponse } from 'next/server';
import { catalog } from './lib/catalog';
import { FORWARDED_CHAIN_HEADER } from './lib/clientAddress';
import { config as hostConfig } from './lib/config';
import {
  ERROR_PAGES,
  type ErrorPageKind,
  RETRY_AFTER_SECONDS,
  renderErrorPage,
} from './lib/errorPage';
import { LOCALE_COOKIE, LOCALE_HEADER, negotiateLocale } from './lib/locale';
import { log, REQUEST_ID_HEADER } from './lib/log';
import { refuseBadRequest } from './lib/requestGuard';
import { LANGUAGE_PATH, routes } from './lib/routes';
import { securityHeadersFor } from './lib/securityHeaders';
import {
  documentResponse,
  isRenderRequest,
  isStaticPage,
  type RenderedPage,
  renderedPage,
  staticPagePaths,
  wantsDocument,
} from './lib/staticPages';
import { checkStore } from './lib/storeHealth';
import { THEME_COOKIE, THEME_HEADER, THEME_PATH, themeOf } from './lib/theme';

/**
 * In front of every page and Server Action (issue 12): refuses bad requests with a page
 * of their own, answers 503 when the store does not, moves the client's `x-forwarded-for`
 * aside so pages read the socket's address, and sets the security headers with a fresh
 * nonce. Runs on the Node.js runtime, in the server's process.
 *
 * It also chooses the page's language (issue 13): the visitor's pick from the language
 * menu (a cookie), else `Accept-Language`, else English; and rewrites each page's public
 * URL (`/checkout/pro`) to that language's tree (`/de/checkout/pro`), where every plan
 * step is prerendered. The URLs a visitor sees never carry a language.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString(
    'base64',
  );
  const locale = negotiateLocale(request.headers, request.cookies.get(LOCALE_COOKIE)?.value);
  const { pathname } = request.nextUrl;
  const page = isPage(pathname);
  // A path no page answers: the language's prerendered 404 page, with a 404 status.
  const known = page && isKnownPage(pathname);
  const localized = page
    ? `/${locale}${known ? (pathname === '/' ? '' : pathname) : NOT_FOUND_PAGE}`
    : null;
  // The proxy's own error pages have no inline scripts: the nonce is all they need.
  const security = securityHeadersFor(request, nonce, []);

  const refusal = await refuseBadRequest(request);
  if (refusal) return errorResponse(refusal, security, locale);

  if (needsStore(request)) {
    const health = await checkStore();
    if (!health.ok) {
      const digest = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(6))).toString(
        'hex',
      );
      log.error(
        {
          digest,
          code: health.code,
          reason: health.reason,
          path: request.nextUrl.pathname,
        },
        '[plankit] the checkout store is unavailable; answered 503',
      );
      return errorResponse('unavailable', security, locale, digest);
    }
  }

  // A page served from the cache needs its scripts' hashes: rendered first if need be.
  const cached = await cachedPage(request, localized ?? pathname);
  if (cached) Object.assign(security, securityHeadersFor(request, nonce, cached.scriptHashes));

  const forwarded = new Headers(request.headers);
  // Names the request in the log entries written while it is handled (lib/log.ts): always
  // this proxy's own id, whatever the client sent.
  const requestId = globalThis.crypto.randomUUID();
  forwarded.set(REQUEST_ID_HEADER, requestId);
  const claimed = forwarded.get('x-forwarded-for');
  forwarded.delete('x-forwarded-for');
  if (claimed) forwarded.set(FORWARDED_CHAIN_HEADER, claimed);
  else forwarded.delete(FORWARDED_CHAIN_HEADER);
  // Next.js reads the nonce from the policy when it renders the page now (the request's, and
  // the one this proxy answers with). A page rendered to be kept (this process's own render
  // request) gets none: a nonce is no use after its response, and the page is the same bytes
  // for everyone.
  const keeping = isRenderRequest(request.headers);
  if (keeping) forwarded.delete('content-security-policy');
  else forwarded.set('content-security-policy', security['content-security-policy'] ?? '');
  forwarded.set(LOCALE_HEADER, locale);
  // The visitor's chosen color theme, for the pages rendered now (their own <html> is not
  // theirs to change: the component's `theme` prop themes the page through CSS `:has()`).
  const theme = themeOf(request.cookies.get(THEME_COOKIE)?.value);
  if (theme) forwarded.set(THEME_HEADER, theme);
  else forwarded.delete(THEME_HEADER);
  let response: NextResponse;
  const notFoundHtml = page && !known ? (cached?.html ?? null) : null;
  if (cached && known && wantsDocument(request)) {
    // A page the same for every visitor: the bytes this process rendered, as they are.
    response = documentResponse(request, cached, theme);
  } else if (notFoundHtml) {
    response = new NextResponse(request.method === 'HEAD' ? null : notFoundHtml, {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  } else if (localized) {
    const target = request.nextUrl.clone();
    target.pathname = localized;
    response = NextResponse.rewrite(target, { request: { headers: forwarded } });
  } else {
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  if (keeping) response.headers.delete('content-security-policy');
  // The same id goes back, so a visitor's report or a load balancer's log finds the entries.
  response.headers.set('x-request-id', requestId);
  // The same URL answers in the visitor's language: a shared cache must keep them apart.
  if (localized) response.headers.append('vary', 'Accept-Language, Cookie');
  return response;
}

/**
 * The page Next.js serves from its cache at this language-tree path (lib/staticPages.ts),
 * as this process rendered it; null for pages rendered per request (they carry the nonce),
 * under `next dev` (everything is rendered per request), and for the process's own render
 * requests.
 */
async function cachedPage(request: NextRequest, served: string): Promise<RenderedPage | null> {
  if (process.env.NODE_ENV === 'development' || !isStaticPage(served)) return null;
  // A post (a Server Action, a form without JavaScript) is answered by a render of its own;
  // an unknown path by the 404 page, whatever the method.
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!read && !served.endsWith(NOT_FOUND_PAGE)) return null;
  if (isRenderRequest(request.headers)) return null;
  return renderedPage(served);
}

/**
 * Paths served by the pages under `app/[lang]`: everything but the route handlers (webhooks,
 * the test processor, the language menu) and files such as the icon.
 */
function isPage(pathname: string): boolean {
  // Already a language's tree: a rewritten request seen again, or a direct link to one.
  if (isLocale(pathname.split('/')[1])) return false;
  if (pathname.startsWith('/api/') || pathname.startsWith(`${routes.testProcessor}/`)) return false;
  if (pathname === LANGUAGE_PATH || pathname === THEME_PATH) return false;
  if (pathname.startsWith('/_next/')) return false;
  // A file of the build (the icon, a manifest): by its extension, so a signed link's
  // token with a dot in it (`/receipts/abc.def`) still reaches its page.
  return !/\.(?:svg|ico|png|jpe?g|gif|webp|avif|txt|xml|json|webmanifest|css|js|map|woff2?)$/i.test(
    pathname,
  );
}

/** The page the proxy answers unknown paths with (app/[lang]/page-not-found). */
const NOT_FOUND_PAGE = '/page-not-found';

/**
 * Whether a page answers this public path: the plan list, the fallback and any other page
 * without parameters (the build's route manifest), a purchasable plan's step, the finish
 * step, a receipt or manage link. Anything else is a 404.
 */
function isKnownPage(pathname: string): boolean {
  if (pathname === '/' || pathname === '/fallback') return true;
  if (staticPagePaths().has(pathname)) return true;
  if (/^\/(?:receipts|subscriptions)\/[^/]+$/.test(pathname)) return true;
  if (/^\/receipts\/[^/]+\/invoice\.pdf$/.test(pathname)) return true;
  const match = routes.match(pathname);
  if (match?.step === 'finish') return true;
  if (match?.step !== 'plan') return false;
  const plan = findPlan(catalog, match.planId);
  return Boolean(plan && !plan.retired);
}

/**
 * Requests whose page reads the store: the finish page, the test processor's pages (its
 * payments are kept in the store), and a plan-step form posted without JavaScript. A
 * Server Action called from JavaScript is let through: its client expects Next.js's own
 * answer, and shows the error page (with a digest) when the store fails. Webhooks are let
 * through too: a provider retries whatever is not a 2xx.
 */
function needsStore(request: NextRequest): boolean {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith(`${routes.testProcessor}/`)) return !pathname.endsWith('.css');
  const step = routes.match(pathname)?.step;
  if (step === 'finish') return !request.headers.has('next-action');
  return step === 'plan' && request.method === 'POST' && !request.headers.has('next-action');
}

function errorResponse(
  kind: ErrorPageKind,
  security: Record<string, string>,
  locale: string,
  digest?: string,
): NextResponse {
  const html = renderErrorPage(kind, {
    locale,
    homeHref: routes.home,
    siteName: hostConfig.merchantName,
    ...(digest === undefined ? {} : { digest }),
  });
  const response = new NextResponse(html, {
    status: ERROR_PAGES[kind].status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
  if (kind === 'unavailable') response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files: pages, Server Actions, the icon.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
