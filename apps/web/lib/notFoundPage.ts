import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pages = new Map<string, string | null>();

/**
 * The prerendered 404 page of a language (app/[lang]/page-not-found), as `next build` wrote
 * it, or null under `next dev` (no such file). The proxy answers unknown paths with it and
 * a 404 status: Next.js keeps the status of a page it serves through a rewrite at 200, and
 * a not-found rendered per request reaches a visitor without JavaScript as an empty page
 * (vercel/next.js#98954).
 */
export function prerenderedNotFoundPage(locale: string): string | null {
  if (!pages.has(locale)) {
    let html: string | null = null;
    try {
      html = readFileSync(
        join(process.cwd(), '.next/server/app', locale, 'page-not-found.html'),
        'utf8',
      );
    } catch {
      html = null;
    }
    pages.set(locale, html);
  }
  return pages.get(locale) ?? null;
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
