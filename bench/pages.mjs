#!/usr/bin/env node
// Issue 4: the JavaScript each route ships and the server's throughput, side by side with
// two blank pages of the same Next.js build (one static, one force-dynamic).
//
//   node bench/pages.mjs [--duration 10] [--connections 50] [--rounds 2] [--identity]
//                        [--reuse] [--keep] [--postgres [URL]] [--build] [--checkouts 30]
//                        [--smoke]
//   BENCH_PORT=… fixes the port of `next start` (default: a free port the OS picks).
//
// It copies apps/web to bench/.tmp/web, adds app/bench-blank-static and
// app/bench-blank-dynamic there, runs `next build` and `next start` on a free 127.0.0.1 port
// (PGlite in a folder of the copy, or --postgres), buys a `team` plan through the form with
// JavaScript off to get a real finish page, then for each route:
//   (a) sums the gzip -9 size of every <script src> in its HTML (module scripts; the
//       noModule polyfill is listed apart since modern browsers skip it) and, apart, of its
//       inline scripts (RSC payload and bootstrap, concatenated);
//   (b) runs autocannon (50 connections, 10 s, after a 2 s warm-up), routes one at a time,
//       in 2 rounds (order reversed in the second), keeping each route's best round.
// Then prints PASS/FAIL for the issue's targets (never fails the process) and saves the
// numbers to bench/results/pages-<timestamp>.json. --keep leaves the built copy for
// `lighthouse.mjs --reuse`; otherwise it is deleted.
//
// --smoke (what `npm test` runs, see bench/smoke.mjs): the same steps with tiny counts (2
// connections for 1 s, one round, no warm-up, 2 checkouts) in its own copy,
// bench/.tmp/smoke, and nothing saved; any route answering an unexpected status fails it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchDir, importDist } from './lib/checkoutPackage.mjs';
import { BLANK_DYNAMIC, BLANK_STATIC, prepareHost, removeHost, withHost } from './lib/host.mjs';
import { httpCheckout, tokenize } from './lib/httpCheckout.mjs';
import { args, kb, ms, ratio, summary, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const DURATION = Number(opts.duration ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(opts.connections ?? (SMOKE ? 2 : 50));
const HTTP_CHECKOUTS = Number(opts.checkouts ?? (SMOKE ? 2 : 30));
const ROUNDS = Math.max(1, Number(opts.rounds ?? (SMOKE ? 1 : 2)));
const WARMUP_SECONDS = SMOKE ? 0 : 2;
const ENCODING = opts.identity === true ? 'identity' : 'gzip';
const databaseUrl =
  opts.postgres === true
    ? process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
    : typeof opts.postgres === 'string'
      ? opts.postgres
      : null;

const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
// Code from @plankit/checkout carries its `pk-` class names through minification.
const isOurs = (text) => /["'`]pk-[a-z]/.test(text);

const chunkCache = new Map();
async function chunk(url) {
  if (!chunkCache.has(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    const text = await response.text();
    chunkCache.set(url, { gzip: gz(text), raw: Buffer.byteLength(text), ours: isOurs(text) });
  }
  return chunkCache.get(url);
}

/** Scripts a page references: external (module / noModule) and inline. */
async function measureScripts(baseUrl, path, headers) {
  const response = await fetch(baseUrl + path, { headers });
  const html = await response.text();
  const external = [];
  const inline = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      const url = new URL(src.replace(/&amp;/g, '&'), baseUrl).href;
      external.push({ src, noModule: /\snoModule/i.test(attrs), ...(await chunk(url)) });
    } else if (body.trim()) {
      inline.push(body);
    }
  }
  const modern = external.filter((s) => !s.noModule);
  const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
  return {
    status: response.status,
    htmlGzip: gz(html),
    scripts: modern.map((s) => s.src),
    scriptGzip: sum(modern, 'gzip'),
    scriptRaw: sum(modern, 'raw'),
    oursGzip: sum(
      modern.filter((s) => s.ours),
      'gzip',
    ),
    oursScripts: modern.filter((s) => s.ours).map((s) => s.src),
    noModuleGzip: sum(
      external.filter((s) => s.noModule),
      'gzip',
    ),
    inlineCount: inline.length,
    inlineGzip: inline.length ? gz(inline.join('\n')) : 0,
  };
}

async function load(url, headers) {
  // Short warm-up so JIT and caches settle, then the measured run.
  if (WARMUP_SECONDS > 0) {
    await autocannon({ url, connections: 10, duration: WARMUP_SECONDS, headers });
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    reqPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Load: every route once per round, the order reversed each round so drift in the machine's
 * load evens out; a route's figure is its best round (other work on the machine can only
 * lower throughput).
 */
async function loadRoutes(host, routes) {
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? routes : [...routes].reverse();
    for (const route of order) {
      const headers = { 'accept-encoding': ENCODING, accept: 'text/html', ...route.headers };
      process.stdout.write(`# round ${round}: load ${route.name} (${route.path}) … `);
      const result = await load(host.url + route.path, headers);
      route.rounds = [...(route.rounds ?? []), result];
      const exit = host.exitStatus();
      if (exit || result.errors > 0) {
        console.log(
          `\n# ${result.errors} socket errors; server ${exit ? `exited (${JSON.stringify(exit)})` : 'still running'}` +
            `; its stderr ends:\n${host.stderr().slice(-3000)}`,
        );
        if (exit) throw new Error('next start died under load; numbers above are incomplete');
      }
      console.log(`${result.reqPerSec.toFixed(0)} req/s, load average ${loadavg()[0].toFixed(2)}`);
    }
  }
  for (const route of routes) {
    route.load = route.rounds.reduce((best, r) => (r.reqPerSec > best.reqPerSec ? r : best));
  }
}

const dir = prepareHost({
  name: SMOKE ? 'smoke' : 'web',
  reuse: opts.reuse === true,
  buildPackage: opts.build === true,
});
const startedAt = new Date();
const report = await withHost(dir, { databaseUrl }, async (host) => {
  console.log(
    `# next start on ${host.url} (pid ${host.pid}), first 200 on / after ${host.readyMs} ms, ` +
      `store: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  // A real finish page: buy `team` (5 seats) through the form with a payment method the
  // test processor tokenized from 4242… first (the card fields' work; not timed).
  const buy = async (i, cookie) =>
    httpCheckout(
      host.url,
      '/checkout/team',
      {
        email: `bench+${i}-${randomBytes(3).toString('hex')}@example.com`,
        name: 'Bench Mark',
        country: 'DE',
        seats: '5',
        // What the form's summary shows once seats and country are chosen: 5 × €15.00 + 19%.
        shownTotal: 'EUR 8925',
        paymentMethod: await tokenize(host.url),
      },
      { cookie },
    );
  const first = await buy(0, null);
  const posts = [];
  for (let i = 1; i <= HTTP_CHECKOUTS; i++) posts.push((await buy(i, first.cookie)).ms);
  const httpCheckoutStats = { first: first.ms, ...summary(posts) };
  console.log(
    `# HTTP checkout (POST of the form with a tokenized card, to the 303): first ${ms(first.ms)} ms (cold), ` +
      `then ${HTTP_CHECKOUTS} runs: median ${ms(httpCheckoutStats.median)} ms, p90 ${ms(httpCheckoutStats.p90)} ms`,
  );

  const bogus = `cs_${randomBytes(24).toString('base64url').slice(0, 32)}`;
  const routes = [
    { name: 'home /', path: '/' },
    { name: 'plan step', path: '/checkout/team' },
    { name: 'finish (paid)', path: first.location, headers: { cookie: first.cookie } },
    // A not-found view; whether it answers 404 or (streamed) 200 is the host's business.
    { name: 'finish (not found)', path: `/checkout/finish?session=${bogus}`, status: [200, 404] },
    { name: 'fallback', path: '/fallback' },
    { name: 'blank static', path: BLANK_STATIC },
    { name: 'blank dynamic', path: BLANK_DYNAMIC },
  ];
  for (const route of routes) {
    route.js = await measureScripts(host.url, route.path, route.headers ?? {});
    // Measuring an error page would be meaningless: a route that answers otherwise than
    // expected stops the bench (and fails the smoke run in `npm test`).
    const expected = route.status ?? [200];
    if (!expected.includes(route.js.status)) {
      throw new Error(
        `${route.name} (${route.path}) answered ${route.js.status}, not ${expected.join(' or ')}; ` +
          `the server's stderr ends:\n${host.stderr().slice(-3000)}`,
      );
    }
  }
  await loadRoutes(host, routes);
  return { routes, httpCheckout: httpCheckoutStats, serverReadyMs: host.readyMs };
});

// The same build started again with Stripe configured (against the in-repo fake Stripe API;
// Stripe.js itself cannot load here): one build serves both configurations (issue 21), and
// its plan step, which then carries the Payment Element's slot and Stripe's publishable key,
// must be as fast as the blank page too.
const { startFakeStripe } = await importDist('stripeFake.js');
const fakeStripe = await startFakeStripe({
  webhook: { url: 'http://127.0.0.1:9/api/webhooks/stripe', secret: 'whsec_bench' },
});
try {
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    STRIPE_API_BASE: fakeStripe.url,
  };
  const stripeRoutes = await withHost(dir, { databaseUrl, env: stripeEnv }, async (host) => {
    console.log(`# next start again on ${host.url}, with Stripe (the fake at ${fakeStripe.url})`);
    const routes = [
      { name: 'plan step (Stripe)', path: '/checkout/team' },
      { name: 'blank static (Stripe)', path: BLANK_STATIC },
    ];
    for (const route of routes) {
      route.js = await measureScripts(host.url, route.path, {});
      if (route.js.status !== 200) {
        throw new Error(`${route.name} (${route.path}) answered ${route.js.status}, not 200`);
      }
    }
    await loadRoutes(host, routes);
    return routes;
  });
  report.routes.push(...stripeRoutes);
} finally {
  await fakeStripe.close();
}
if (opts.keep !== true) removeHost(dir);
if (SMOKE) {
  const failedLoads = report.routes.filter((r) => r.load.errors > 0 || r.load.timeouts > 0);
  if (failedLoads.length > 0) {
    throw new Error(`socket errors or timeouts under load: ${failedLoads.map((r) => r.name)}`);
  }
}

const byName = Object.fromEntries(report.routes.map((r) => [r.name, r]));
const blankS = byName['blank static'];
const blankD = byName['blank dynamic'];

console.log(
  `\nRoutes of one production build (${startedAt.toISOString()}, node ${process.version}; ` +
    `autocannon ${CONNECTIONS} connections × ${DURATION} s, best of ${ROUNDS} rounds, accept-encoding ${ENCODING})\n`,
);
table(
  [
    'route',
    'status',
    'scripts',
    'JS gzip',
    'Δ blank',
    'ours',
    'inline gzip',
    'HTML gzip',
    'req/s',
    'p99 ms',
    'vs blank static',
    'vs blank dynamic',
  ],
  report.routes.map((r) => [
    r.name,
    `${r.js.status}${r.load.non2xx ? ` (${r.load.non2xx} non-2xx)` : ''}`,
    String(r.js.scripts.length),
    kb(r.js.scriptGzip),
    `${r.js.scriptGzip - blankS.js.scriptGzip >= 0 ? '+' : ''}${kb(r.js.scriptGzip - blankS.js.scriptGzip)}`,
    kb(r.js.oursGzip),
    kb(r.js.inlineGzip),
    kb(r.js.htmlGzip),
    r.load.reqPerSec.toFixed(0),
    String(r.load.latencyP99),
    ratio(r.load.reqPerSec, blankS.load.reqPerSec),
    ratio(r.load.reqPerSec, blankD.load.reqPerSec),
  ]),
);
console.log(
  '\nJS gzip: <script src> (module) bytes, gzip -9, summed; Δ blank: vs the blank static page; ' +
    'ours: chunks holding @plankit/checkout code (its pk- class names); inline: inline scripts ' +
    `(RSC payload), gzip -9 together. noModule polyfill, skipped by modern browsers: ${kb(blankS.js.noModuleGzip)}.`,
);

const plan = byName['plan step'];
const fallback = byName.fallback;
const planDelta = plan.js.scriptGzip - blankS.js.scriptGzip;
const extraFallbackScripts = fallback.js.scripts.filter((s) => !blankS.js.scripts.includes(s));
const planThroughput = plan.load.reqPerSec / blankS.load.reqPerSec;
const stripePlan = byName['plan step (Stripe)'];
const stripeBlank = byName['blank static (Stripe)'];
const stripeThroughput = stripePlan.load.reqPerSec / stripeBlank.load.reqPerSec;
const targets = [
  [
    'plan step ships ≤ 15 kB gzip more JS than the blank page',
    planDelta <= 15_000,
    `${kb(planDelta)} more (${kb(plan.js.scriptGzip)} vs ${kb(blankS.js.scriptGzip)})`,
  ],
  [
    '/fallback ships no JS of ours (same scripts as the blank static page)',
    extraFallbackScripts.length === 0,
    extraFallbackScripts.length === 0
      ? `same ${fallback.js.scripts.length} scripts as the blank page` +
        (fallback.js.oursGzip
          ? `; note: ${kb(fallback.js.oursGzip)} of them hold package code on every page, blank included (${fallback.js.oursScripts.join(', ')})`
          : '')
      : `extra: ${extraFallbackScripts.join(', ')}`,
  ],
  [
    'plan-step throughput ≥ 90% of the blank static page, test provider (issue 21)',
    planThroughput >= 0.9,
    `${(planThroughput * 100).toFixed(0)}% (${plan.load.reqPerSec.toFixed(0)} vs ${blankS.load.reqPerSec.toFixed(0)} req/s)`,
  ],
  [
    'plan-step throughput ≥ 90% of the blank static page, Stripe configured (same build)',
    stripeThroughput >= 0.9,
    `${(stripeThroughput * 100).toFixed(0)}% (${stripePlan.load.reqPerSec.toFixed(0)} vs ${stripeBlank.load.reqPerSec.toFixed(0)} req/s)`,
  ],
];
console.log('');
for (const [what, pass, detail] of targets)
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${what}: ${detail}`);

// A smoke run's numbers mean nothing; only real runs are kept.
if (SMOKE) {
  console.log('\n# smoke run: nothing saved');
} else {
  const resultsDir = join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `pages-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt,
        node: process.version,
        store: databaseUrl ? 'postgres' : 'pglite',
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        rounds: ROUNDS,
        encoding: ENCODING,
        ...report,
        targets: targets.map(([what, pass, detail]) => ({ what, pass, detail })),
      },
      null,
      2,
    ),
  );
  console.log(`\n# saved ${file}`);
}
