#!/usr/bin/env node
// Runs after `next build`: hashes the inline scripts of every prerendered page, so the
// Content Security Policy can allow them by hash (issue 12, item 12).
//
// Prerendered HTML (the plan steps, the plan list, the fallback, the 404) is written once
// at build time and served as it is, so it cannot carry a per-request nonce; Next.js's own
// inline scripts in it (the RSC payload, `self.__next_f.push(…)`) are fixed, though, and a
// hash of each one allows exactly that script. The proxy reads the result,
// `.next/plankit-csp-hashes.json` ({ pathname: ['sha256-…'] }), and adds the hashes of the
// requested path's page to the policy. Pages rendered per request use the nonce instead.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const nextDir = join(appDir, '.next');
const manifest = JSON.parse(readFileSync(join(nextDir, 'prerender-manifest.json'), 'utf8'));

// An inline script: a <script> without src. Its text is hashed exactly as written (the
// browser hashes the element's text, which HTML does not decode inside <script>).
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** @type {Record<string, string[]>} */
const hashes = {};
for (const [pathname, route] of Object.entries(manifest.routes)) {
  if (route.routeType !== undefined && route.routeType !== 'page') continue;
  const file = join(nextDir, 'server/app', `${pathname === '/' ? '/index' : pathname}.html`);
  let html;
  try {
    html = readFileSync(file, 'utf8');
  } catch {
    continue; // Not an HTML page (an icon, a route handler).
  }
  const pageHashes = new Set();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (text === '') continue;
    pageHashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  hashes[pathname] = [...pageHashes].sort();
}

writeFileSync(join(nextDir, 'plankit-csp-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
console.log(
  `CSP: hashed the inline scripts of ${Object.keys(hashes).length} prerendered pages into .next/plankit-csp-hashes.json`,
);
