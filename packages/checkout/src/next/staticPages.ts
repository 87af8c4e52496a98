import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextResponse } from 'next/server.js';
import { purchasablePlans } from '../catalog/findPlan.js';
import { LOCALES } from '../messages/locales.js';
import type { ColorTheme } from '../theme/theme.js';
import type { PlankitRuntime } from './runtime.js';
import { withTheme } from './theme.js';

// Issue 21, item 1: one build serves every configuration. The pages that are the same for
// every visitor (the plan list, the plan steps, the fallback and 404 pages, in each
// language) show the configuration (the merchant's name, Stripe's publishable key, the terms
// links), so they are not prerendered when the app builds: each server process renders each
// one once, with the configuration it started with, and Next.js serves it from its cache
// from then on (`generateStaticParams` returns nothing, `dynamic = 'force-static'`; the
// cache stays in memory, `isrFlushToDisk: false` in next.config.ts, so no process and no
// build ever reads another's pages).
//
// Such a page cannot carry a per-request nonce, so the Content Security Policy allows its
// inline scripts (Next.js's RSC payload) by hash. This module renders a page by asking this
// process for it over loopback (a request marked with a per-process token, rendered without
// a nonce), and keeps its HTML and the hashes of its inline scripts. The proxy then answers a
// browser asking for the page with that HTML and those hashes in the policy (Next.js still
// answers its own RSC requests for the page from its cache), so every visitor's browser runs
// the page's scripts, and the page costs no render at all.

/** A page rendered in this process: its HTML, an ETag of it, its inline scripts' CSP hashes. */
export interface RenderedPage {
  html: string;
  etag: string;
  scriptHashes: readonly string[];
}

/** The request header that marks this process's own render requests (see {@link renderPage}). */
export const RENDER_HEADER = 'x-plankit-render';

interface Registry {
  token: string;
  pages: Map<string, Promise<RenderedPage | null>>;
}

// On globalThis: the proxy and the pages are bundled apart but run in one process.
const holder = globalThis as typeof globalThis & { __plankitStaticPages?: Registry };
holder.__plankitStaticPages ??= {
  token: randomBytes(24).toString('base64url'),
  pages: new Map(),
};
const registry: Registry = holder.__plankitStaticPages;

/** How long one render may take before the page is served without its hashes. */
const RENDER_TIMEOUT_MS = 15_000;

// An inline script: a <script> without src. Its text is hashed exactly as written (the
// browser hashes the element's text, which HTML does not decode inside <script>).
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script of an HTML page, sorted, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!text) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes].sort();
}

let staticPages: Set<string> | null = null;

/**
 * The public paths of the pages under app/[lang] that take no parameter (`/fallback`, and
 * any page a team adds), from the build's route manifest; empty under `next dev`.
 */
export function staticPagePaths(): ReadonlySet<string> {
  if (!staticPages) {
    staticPages = new Set();
    try {
      const manifest = JSON.parse(
        readFileSync(join(process.cwd(), '.next/app-path-routes-manifest.json'), 'utf8'),
      ) as Record<string, string>;
      for (const route of Object.values(manifest)) {
        if (!route.startsWith('/[lang]')) continue;
        const rest = route.slice('/[lang]'.length);
        if (!rest.includes('[')) staticPages.add(rest === '' ? '/' : rest);
      }
    } catch {
      // No build here (next dev): only the proxy's own list of pages.
    }
  }
  return staticPages;
}

let cachedRoutes: Set<string> | null = null;

/**
 * The routes under app/[lang] that Next.js renders on their first request and then serves
 * from its cache (`dynamic = 'force-static'` with parameters, so not prerendered), from the
 * build's prerender manifest; empty under `next dev`. A page that declares
 * `force-dynamic` is not among them: it is rendered per request, with the nonce.
 */
function cachedRoutesOfBuild(): ReadonlySet<string> {
  if (!cachedRoutes) {
    cachedRoutes = new Set();
    try {
      const manifest = JSON.parse(
        readFileSync(join(process.cwd(), '.next/prerender-manifest.json'), 'utf8'),
      ) as { dynamicRoutes?: Record<string, unknown> };
      for (const route of Object.keys(manifest.dynamicRoutes ?? {})) {
        if (route.startsWith('/[lang]')) cachedRoutes.add(route.slice('/[lang]'.length) || '/');
      }
    } catch {
      // No build here (next dev): every page is rendered per request.
    }
  }
  return cachedRoutes;
}

/**
 * The language-tree paths (`/de/checkout/pro`) of every page that is the same for every
 * visitor: each page of the build's cached routes without a parameter (the plan list, the
 * fallback and 404 pages, any such page a team adds), and each purchasable plan's step.
 */
export function staticPathsOf(runtime: PlankitRuntime, locale: string): string[] {
  const pages = new Set<string>();
  const routes = runtime.routes();
  for (const route of cachedRoutesOfBuild()) {
    if (route === '/[checkoutPath]/[planId]' || route === `/${routes.checkoutPath}/[planId]`) {
      for (const plan of purchasablePlans(runtime.catalog)) pages.add(routes.plan(plan.id));
    } else if (!route.includes('[')) {
      pages.add(route);
    }
  }
  return [...pages].map((page) => `/${locale}${page === '/' ? '' : page}`);
}

let staticPaths: Set<string> | null = null;

/** Whether the page at this language-tree path is rendered once per process (and cached). */
export function isStaticPage(runtime: PlankitRuntime, path: string): boolean {
  staticPaths ??= new Set(LOCALES.flatMap((locale) => staticPathsOf(runtime, locale)));
  return staticPaths.has(path);
}

/** Whether a request is one of this process's own renders (it needs no hashes itself). */
export function isRenderRequest(headers: Headers): boolean {
  const given = Buffer.from(headers.get(RENDER_HEADER) ?? '');
  const token = Buffer.from(registry.token);
  return given.length === token.length && timingSafeEqual(given, token);
}

/** Where this process listens, as `next start` recorded it once listening. */
function ownOrigin(): string {
  return process.env.__NEXT_PRIVATE_ORIGIN || `http://127.0.0.1:${process.env.PORT || 3000}`;
}

/**
 * Asks this process for the page; a connection that fails is tried once more (a kept-alive
 * socket the server closed just then fails the first request, `fetch failed`).
 */
async function render(path: string): Promise<RenderedPage | null> {
  try {
    return await renderOnce(path);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 250));
    return renderOnce(path);
  }
}

async function renderOnce(path: string): Promise<RenderedPage | null> {
  const response = await fetch(new URL(path, ownOrigin()), {
    headers: { [RENDER_HEADER]: registry.token, 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`rendering ${path} answered ${response.status}`);
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(html),
  };
}

/**
 * The page at a language-tree path, rendered once in this process (concurrent callers share
 * the render); null when it could not be rendered (logged, tried again by the next caller).
 */
export function renderedPage(runtime: PlankitRuntime, path: string): Promise<RenderedPage | null> {
  let page = registry.pages.get(path);
  if (!page) {
    page = render(path).catch((error: unknown) => {
      registry.pages.delete(path);
      runtime.logger.error('[plankit] could not render a page for its script hashes', {
        path,
        reason: error instanceof Error ? error.message : String(error),
      });
      return null;
    });
    registry.pages.set(path, page);
  }
  return page;
}

/**
 * Renders every static page of every language, one at a time, so that visitors find them
 * ready (as prerendered pages were). Called once at start; never throws.
 */
export async function renderStaticPages(runtime: PlankitRuntime): Promise<void> {
  for (const locale of LOCALES) {
    for (const path of staticPathsOf(runtime, locale)) await renderedPage(runtime, path);
  }
}

/**
 * Whether a request asks for the page's HTML, as a browser loading or reloading it does:
 * GET or HEAD, and not one of Next.js's own requests for the page's RSC payload (client
 * navigation, prefetch), which Next.js answers from its cache.
 */
export function wantsDocument(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const { headers } = request;
  if (headers.has('rsc') || headers.has('next-router-prefetch')) return false;
  return !new URL(request.url).searchParams.has('_rsc');
}

/**
 * The answer to a browser asking for a rendered page: its HTML as this process rendered it,
 * or 304 when the browser holds it already. It skips
 * Next.js's render path for bytes this process holds anyway: a page the same for every
 * visitor then costs no more than the blank page (bench/pages.mjs). `no-cache`: a browser or
 * a CDN may keep it but asks again each time, so a new build or configuration is seen at once.
 */
export function documentResponse(
  request: Request,
  page: RenderedPage,
  theme: ColorTheme | null,
): NextResponse {
  // The visitor's chosen theme goes on the page's <html> (theme.ts), and in its ETag.
  const etag = theme ? `${page.etag.slice(0, -1)}-${theme}"` : page.etag;
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    etag,
    'x-plankit-page': 'rendered-once',
  });
  if (request.headers.get('if-none-match') === etag) {
    return new NextResponse(null, { status: 304, headers });
  }
  // Next.js compresses it (its `compress`), as it does every response: it drops the
  // encoding of a body the proxy answers with, so one compressed here would be sent twice.
  const html = withTheme(page.html, theme);
  return new NextResponse(request.method === 'HEAD' ? null : html, { status: 200, headers });
}
