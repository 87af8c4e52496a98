#!/usr/bin/env node
// Issue 4: Lighthouse (mobile defaults: emulated Moto G Power, simulated slow 4G and 4× CPU
// slowdown) on the production build, for `/`, the plan step, a real finish page (a `team`
// purchase made through the form with JavaScript off, so the visitor cookie is sent with
// the audit), `/fallback`, and the same build's blank static page for comparison. Prints performance / accessibility / best-practices scores and,
// for every score under 100, the audits that cost points. Full JSON reports go to
// bench/results/lighthouse-<route>-<timestamp>.json.
//
//   node bench/lighthouse.mjs [--reuse] [--keep] [--runs 3] [--smoke]
//   CHROME_PATH (or CHROMIUM_PATH) overrides /usr/bin/chromium. BENCH_PORT fixes the port
//   of `next start`, BENCH_CHROME_PORT Chromium's debugging port (default: free ports the
//   OS picks).
//
// --reuse takes the host copy that `pages.mjs --keep` left in bench/.tmp/web; otherwise it
// builds its own copy (see lib/host.mjs) and deletes it at the end.
//
// --smoke (what `npm test` runs, see bench/smoke.mjs): one run of the plan step only, in
// bench/.tmp/smoke (reused from `pages.mjs --smoke --keep` when there), nothing saved; a
// run Lighthouse reports as broken (runtimeError, a missing score) fails it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { benchDir } from './lib/checkoutPackage.mjs';
import { BLANK_STATIC, benchPort, prepareHost, removeHost, withHost } from './lib/host.mjs';
import { httpCheckout, tokenize } from './lib/httpCheckout.mjs';
import { args } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const RUNS = Math.max(1, Number(opts.runs ?? (SMOKE ? 1 : 3)));
// Lighthouse's chrome-launcher reads CHROME_PATH; CHROMIUM_PATH works as everywhere else.
const CHROME_PATH = process.env.CHROME_PATH || chromiumPath;
const CHROME_FLAGS = chromiumArgs;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

// A smoke run's reports go nowhere: its numbers mean nothing.
const resultsDir = join(benchDir, 'results');
if (!SMOKE) mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

/** The audits that cost a category points: weighted and not passed. */
function failing(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    if (
      ref.weight > 0 ||
      (categoryId === 'performance' && audit.score < 0.9 && ref.group !== 'metrics')
    ) {
      out.push({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? '',
        items: (audit.details?.items ?? [])
          .slice(0, 3)
          .map(
            (item) => item.node?.snippet ?? item.url ?? item.source?.url ?? item.description ?? '',
          )
          .filter(Boolean),
      });
    }
  }
  return out;
}

async function audit(url, extraHeaders) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    port: await benchPort('BENCH_CHROME_PORT'),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    const broken = CATEGORIES.filter((id) => typeof result.lhr.categories[id]?.score !== 'number');
    if (result.lhr.runtimeError || broken.length > 0) {
      throw new Error(
        `Lighthouse could not audit ${url}: ${result.lhr.runtimeError?.message ?? `no score for ${broken}`}`,
      );
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const dir = prepareHost({ name: SMOKE ? 'smoke' : 'web', reuse: opts.reuse === true });
const summaryRows = await withHost(dir, {}, async (host) => {
  console.log(
    `# next start on ${host.url} (pid ${host.pid}), load average ${loadavg()[0].toFixed(2)}`,
  );
  const bought = await httpCheckout(host.url, '/checkout/team', {
    email: `lighthouse-${randomBytes(3).toString('hex')}@example.com`,
    name: 'Light House',
    country: 'DE',
    seats: '5',
    // What the form's summary shows once seats and country are chosen: 5 × €15.00 + 19%.
    shownTotal: 'EUR 8925',
    paymentMethod: await tokenize(host.url),
  });
  const allPages = [
    { name: 'home', path: '/' },
    { name: 'plan-step', path: '/checkout/team' },
    { name: 'finish-paid', path: bought.location, headers: { Cookie: bought.cookie } },
    { name: 'fallback', path: '/fallback' },
    // The same build's blank page: what the framework alone scores, for comparison.
    { name: 'blank-static', path: BLANK_STATIC },
  ];
  const pages = SMOKE ? allPages.filter((page) => page.name === 'plan-step') : allPages;
  const rows = [];
  for (const page of pages) {
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`# lighthouse ${page.path}${RUNS > 1 ? ` (run ${run})` : ''} … `);
      const lhr = await audit(host.url + page.path, page.headers);
      const file = join(
        resultsDir,
        `lighthouse-${page.name}-${stamp}${RUNS > 1 ? `-${run}` : ''}.json`,
      );
      if (!SMOKE) writeFileSync(file, JSON.stringify(lhr, null, 1));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
      );
      console.log(CATEGORIES.map((id) => scores[id]).join(' / '));
      rows.push({
        page: page.name,
        path: page.path.replace(/session=[^&]+/, 'session=…'),
        run,
        scores,
        metrics: Object.fromEntries(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
        ),
        failing: Object.fromEntries(CATEGORIES.map((id) => [id, failing(lhr, id)])),
        warnings: lhr.runWarnings,
        file: SMOKE ? null : file,
      });
    }
  }
  return rows;
});
if (opts.keep !== true && opts.reuse !== true) removeHost(dir);

console.log(
  `\nLighthouse 12, mobile defaults: performance / accessibility / best-practices ` +
    `(${RUNS > 1 ? `median of ${RUNS} runs by performance score, ` : ''}${new Date().toISOString()})\n`,
);
const median = (rows) =>
  [...rows].sort((a, b) => a.scores.performance - b.scores.performance)[
    Math.floor(rows.length / 2)
  ];
for (const name of [...new Set(summaryRows.map((row) => row.page))]) {
  const runs = summaryRows.filter((row) => row.page === name);
  const row = median(runs);
  const { scores, metrics } = row;
  const spread =
    RUNS > 1 ? ` (performance over runs: ${runs.map((r) => r.scores.performance).join(', ')})` : '';
  console.log(
    `${row.path}: ${scores.performance} / ${scores.accessibility} / ${scores['best-practices']}${spread}\n` +
      `    FCP ${metrics['first-contentful-paint']}, LCP ${metrics['largest-contentful-paint']}, ` +
      `TBT ${metrics['total-blocking-time']}, CLS ${metrics['cumulative-layout-shift']}, SI ${metrics['speed-index']}`,
  );
  for (const id of CATEGORIES) {
    const weighted = row.failing[id].filter((audit) => audit.weight > 0);
    const hints = [...new Set(row.failing[id].filter((a) => a.weight === 0).map((a) => a.title))];
    for (const audit of weighted) {
      console.log(
        `    ${id} loses points on: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, ` +
          `score ${audit.score}, weight ${audit.weight}` +
          (audit.items.length ? `\n        ${audit.items.join('\n        ')}` : ''),
      );
    }
    if (scores[id] < 100 && hints.length) console.log(`    ${id} diagnostics: ${hints.join('; ')}`);
  }
  for (const warning of row.warnings ?? []) console.log(`    warning: ${warning}`);
}
if (SMOKE) {
  console.log('\n# smoke run: nothing saved');
} else {
  const summaryFile = join(resultsDir, `lighthouse-summary-${stamp}.json`);
  writeFileSync(summaryFile, JSON.stringify(summaryRows, null, 2));
  console.log(`\n# saved ${summaryFile} and one full report per page`);
}
