import type { NextRequest } from 'next/server.js';
import { NextResponse } from 'next/server.js';
import { findPlan } from '../catalog/findPlan.js';
import { isLocale } from '../messages/locales.js';
import { FORWARDED_CHAIN_HEADER } from './clientAddress.js';
import { probeStore } from './engineHolder.js';
import {
  ERROR_PAGES,
  type ErrorPageKind,
  RETRY_AFTER_SECONDS,
  renderErrorPage,
} from './errorPage.js';
import { LOCALE_COOKIE, LOCALE_HEADER, negotiateLocale } from './locale.js';
import { LANGUAGE_PATH, THEME_PATH } from './menuPaths.js';
import { refuseBadRequest } from './requestGuard.js';
import { REQUEST_ID_HEADER } from './requestScope.js';
import type { PlankitRuntime } from './runtime.js';
import { securityHeadersFor } from './securityHeaders.js';
import {
  documentResponse,
  isRenderRequest,
  isStaticPage,
  type RenderedPage,
  renderedPage,
  staticPagePaths,
  wantsDocument,
} from './staticPages.js';
import { probeWithin } from './storeHealth.js';
import { THEME_COOKIE, THEME_HEADER, themeOf } from './theme.js';

/** Longest a store probe may take; each driver's own timeouts are shorter (README). */
const PROBE_DEADLINE_MS = 10_000;

/** The page the proxy answers unknown paths with in a language tree (`app/[lang]/page-not-found`). */
const NOT_FOUND_PAGE = '/page-not-found';

/** The proxy: a Next.js `proxy.ts` (or middleware) function. */
export type PlankitProxy = (request: NextRequest) => Promise<NextResponse>;

/**
 * In front of every page and Server Action (issue 12): refuses bad requests with a page of
 * their own, answers 503 when the store does not, moves the client's `x-forwarded-for`
 * aside so pages read the socket's address, and sets the security headers with a fresh
 * nonce. It chooses the page's language (issue 13): the visitor's pick from a language menu
 * (a cookie), else `Accept-Language`, else English; with a language tree it rewrites each
 * public URL (`/checkout/pro`) to that language's tree (`/de/checkout/pro`), so the URLs a
 * visitor sees never carry a language.
 */
export function createProxy(runtime: PlankitRuntime): PlankitProxy {
  const tree = runtime.options.languageTree === true;

  /** Paths served by pages: everything but the route handlers and the build's files. */
  function isPage(pathname: string): boolean {
    if (pathname.startsWith('/_next/')) return false;
    if (tree && isLocale(pathname.split('/')[1])) return false;
    const routes = runtime.routes();
    if (pathname.startsWith('/api/') || pathname.startsWith(`${routes.testProcessor}/`)) {
      return false;
    }
    if (pathname === LANGUAGE_PATH || pathname === THEME_PATH) return false;
    // A file of the build (an icon, a manifest): by its extension, so a signed link's token
    // with a dot in it (`/receipts/abc.def`) still reaches its page.
    return !/\.(?:svg|ico|png|jpe?g|gif|webp|avif|txt|xml|json|webmanifest|css|js|map|woff2?)$/i.test(
      pathname,
    );
  }

  /** Whether a page of the language tree answers this public path. */
  function isKnownPage(pathname: string): boolean {
    if (pathname === '/' || pathname === '/fallback') return true;
    if (staticPagePaths().has(pathname)) return true;
    if (/^\/(?:receipts|subscriptions)\/[^/]+$/.test(pathname)) return true;
    if (/^\/receipts\/[^/]+\/invoice\.pdf$/.test(pathname)) return true;
    if (pathname === '/subscriptions') return true;
    const match = runtime.routes().match(pathname);
    if (match?.step === 'finish') return true;
    if (match?.step !== 'plan') return false;
    const plan = findPlan(runtime.catalog, match.planId);
    return Boolean(plan && !plan.retired);
  }

  /**
   * Requests whose page reads the store: the finish page, the test processor's pages, and a
   * plan-step form posted without JavaScript. A Server Action called from JavaScript is let
   * through (its client expects Next.js's own answer), and so are webhooks (a provider
   * retries whatever is not a 2xx).
   */
  function needsStore(request: NextRequest): boolean {
    const { pathname } = request.nextUrl;
    const routes = runtime.routes();
    if (pathname.startsWith(`${routes.testProcessor}/`)) return !pathname.endsWith('.css');
    const step = routes.match(pathname)?.step;
    if (step === 'finish') return !request.headers.has('next-action');
    return step === 'plan' && request.method === 'POST' && !request.headers.has('next-action');
  }

  /** The cached page a language-tree path serves, as this process rendered it; else null. */
  async function cachedPage(request: NextRequest, served: string): Promise<RenderedPage | null> {
    if (!tree || process.env.NODE_ENV === 'development' || !isStaticPage(runtime, served)) {
      return null;
    }
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read && !served.endsWith(NOT_FOUND_PAGE)) return null;
    if (isRenderRequest(request.headers)) return null;
    return renderedPage(runtime, served);
  }

  function errorResponse(
    kind: ErrorPageKind,
    security: Record<string, string>,
    locale: string,
    digest?: string,
  ): NextResponse {
    const html = renderErrorPage(kind, {
      locale,
      homeHref: runtime.routes().home,
      siteName: runtime.settings().merchantName,
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

  return async function proxy(request: NextRequest): Promise<NextResponse> {
    const { pathname } = request.nextUrl;
    // The build's static files need none of this (a proxy without a matcher sees them too).
    if (pathname.startsWith('/_next/static/') || pathname.startsWith('/_next/image')) {
      return NextResponse.next();
    }
    const nonce = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString(
      'base64',
    );
    const locale = negotiateLocale(request.headers, request.cookies.get(LOCALE_COOKIE)?.value);
    const page = isPage(pathname);
    const known = tree && page && isKnownPage(pathname);
    // In a language tree, a path no page answers gets the language's 404 page, status 404.
    const localized =
      tree && page
        ? `/${locale}${known ? (pathname === '/' ? '' : pathname) : NOT_FOUND_PAGE}`
        : null;
    const security = securityHeadersFor(runtime, request.nextUrl, nonce, []);

    const refusal = await refuseBadRequest(request);
    if (refusal) return errorResponse(refusal, security, locale);

    if (needsStore(request)) {
      const health = await probeWithin(() => probeStore(runtime), PROBE_DEADLINE_MS);
      if (!health.ok) {
        const digest = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(6))).toString(
          'hex',
        );
        runtime.logger.error('[plankit] the checkout store is unavailable; answered 503', {
          digest,
          code: health.code,
          reason: health.reason,
          path: pathname,
        });
        return errorResponse('unavailable', security, locale, digest);
      }
    }

    // A page served from the cache needs its scripts' hashes: rendered first if need be.
    const cached = await cachedPage(request, localized ?? pathname);
    if (cached)
      Object.assign(
        security,
        securityHeadersFor(runtime, request.nextUrl, nonce, cached.scriptHashes),
      );

    const forwarded = new Headers(request.headers);
    // Names the request in the log entries written while it is handled: always this
    // proxy's own id, whatever the client sent.
    const requestId = globalThis.crypto.randomUUID();
    forwarded.set(REQUEST_ID_HEADER, requestId);
    const claimed = forwarded.get('x-forwarded-for');
    forwarded.delete('x-forwarded-for');
    if (claimed) forwarded.set(FORWARDED_CHAIN_HEADER, claimed);
    else forwarded.delete(FORWARDED_CHAIN_HEADER);
    // Next.js reads the nonce from the policy when it renders the page now. A page rendered
    // to be kept (this process's own render request) gets none: a nonce is no use after its
    // response, and the page is the same bytes for everyone.
    const keeping = isRenderRequest(request.headers);
    if (keeping) forwarded.delete('content-security-policy');
    else forwarded.set('content-security-policy', security['content-security-policy'] ?? '');
    forwarded.set(LOCALE_HEADER, locale);
    // The visitor's chosen color theme, for the pages rendered now.
    const theme = themeOf(request.cookies.get(THEME_COOKIE)?.value);
    if (theme) forwarded.set(THEME_HEADER, theme);
    else forwarded.delete(THEME_HEADER);
    let response: NextResponse;
    const notFoundHtml = localized && !known ? (cached?.html ?? null) : null;
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
    if (page) response.headers.append('vary', 'Accept-Language, Cookie');
    return response;
  };
}
