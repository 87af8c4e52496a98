#!/usr/bin/env node
// Issue 24, item 6: how far one PostgreSQL carries the checkout. 1, 2 and 4 host processes
// (the built apps/web, `next start`) on one database behind a round-robin proxy in this
// process; buyers without JavaScript check out through the proxy at a fixed concurrency for
// a bounded time (the plan step's form read once per buyer, then per checkout: the card
// tokenised at the test processor, the form POSTed, the 303 to the finish step read).
// Prints checkouts/s, p50 and p99 of the POST per host count, and, in the same run, the
// ceiling: the server's one-row durable commits per second (this bench's own loop of
// single-row INSERTs, autocommit, `synchronous_commit` as the server has it, at the same
// concurrency). A checkout makes three commits (start, record the intent, settle), so the
// target is checkouts/s ≥ 1/3 of the ceiling.
//
// During the 2-host run one host is killed with SIGKILL halfway: the proxy sends new
// requests to the other (a refused connection never reached a host); requests the killed
// host was running fail (the bench counts them). Afterwards: no double charge (one
// succeeded payment per session at the test processor), no order lost (every succeeded
// payment has its order, once the other host reconciled what the killed one left, after
// the 2-minute attempt lease: the bench waits for it), and every order's `order.paid`
// reached the bench's webhook receiver exactly once.
//
//   node bench/scale.mjs [--hosts 1,2,4] [--seconds 20] [--concurrency 8] [--dir <built host>]
//                        [--reuse] [--smoke]
//
// The host is built in bench/.tmp/scale (`--reuse` keeps a built copy; `--dir ../apps/web`
// uses apps/web's own build). Ports: the proxy on BENCH_PORT (default 3730), hosts on the
// next four, the webhook receiver on the one after (BENCH_PORT + 5). DATABASE_URL or
// TEST_DATABASE_URL names the server; each host count gets a database of its own, dropped
// after. --smoke (npm test, after pages.mjs --smoke --keep): 1 and 2 hosts, 3 s each,
// concurrency 2, on bench/.tmp/smoke; nothing is judged; skipped without TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { importDist } from './lib/checkoutPackage.mjs';
import { prepareHost, tmpRoot, webDir } from './lib/host.mjs';
import { httpCheckout, tokenize } from './lib/httpCheckout.mjs';
import { args, ms, percentile, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const HOST_COUNTS = String(opts.hosts ?? (SMOKE ? '1,2' : '1,2,4'))
  .split(',')
  .map(Number);
const SECONDS = Number(opts.seconds ?? (SMOKE ? 3 : 20));
const CONCURRENCY = Number(opts.concurrency ?? (SMOKE ? 2 : 8));
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3730);
const ADMIN_URL = SMOKE
  ? process.env.TEST_DATABASE_URL
  : process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
/** The engine's default attempt lease: what a killed host was paying is settled after it. */
const ATTEMPT_LEASE_MS = 120_000;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

if (!ADMIN_URL) {
  console.log('# scale.mjs: no TEST_DATABASE_URL / DATABASE_URL; skipped');
  process.exit(0);
}
const nextBin = join(webDir, 'node_modules', 'next', 'dist', 'bin', 'next');
const dir =
  typeof opts.dir === 'string'
    ? opts.dir
    : SMOKE
      ? join(tmpRoot, 'smoke')
      : prepareHost({ name: 'scale', reuse: opts.reuse === true });
const server = await importDist('server.js');
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

/** A database of its own on the server, and a pool on it. */
async function makeDatabase(name) {
  const admin = await server.createPostgresClient({
    connectionString: ADMIN_URL,
    // Creating and dropping a database waits on the server's checkpoint: slow when it is busy.
    statementTimeoutMs: 120_000,
  });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name) {
  const admin = await server.createPostgresClient({
    connectionString: ADMIN_URL,
    // Creating and dropping a database waits on the server's checkpoint: slow when it is busy.
    statementTimeoutMs: 120_000,
  });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
}

/** The ceiling: single-row autocommit INSERTs per second at CONCURRENCY, for `seconds`. */
async function commitCeiling(databaseUrl, seconds) {
  const pool = await server.createPostgresClient({
    connectionString: databaseUrl,
    max: CONCURRENCY,
  });
  await pool.query('CREATE TABLE bench_commits (id bigserial PRIMARY KEY, at timestamptz(3))');
  let commits = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await pool.query('INSERT INTO bench_commits (at) VALUES (now())');
        commits++;
      }
    }),
  );
  const setting = (await pool.query('SHOW synchronous_commit')).rows[0]?.synchronous_commit;
  await pool.query('DROP TABLE bench_commits');
  await pool.close();
  return { perSecond: commits / seconds, synchronousCommit: setting };
}

/** CPU time (ms, user + system) a process used so far, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second here).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** `next start` of the built host on `port`, on `databaseUrl`. */
async function startHost(port, databaseUrl, webhookUrl) {
  const child = spawn(
    process.execPath,
    [nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        DATABASE_URL: databaseUrl,
        PLANKIT_SECRET: 'bench-secret-not-for-production-0123456789',
        PLANKIT_WEBHOOK_URL: webhookUrl,
        PLANKIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PLANKIT_SMTP_URL: '',
        PLANKIT_LOG_LEVEL: 'warn',
      },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-5000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`host on ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/checkout/starter`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`host on ${port} did not start: ${stderr}`);
    await sleep(250);
  }
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', resolve);
  });
  return {
    url,
    port,
    cpuMs: () => cpuMs(child.pid),
    kill: () => child.kill('SIGKILL'),
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A round-robin HTTP proxy over `ports`: each request goes to the next host; a refused
 * connection or a 503 (a draining host) never ran there, so it goes to the next one.
 */
async function startProxy(port, ports) {
  let next = 0;
  const counts = { failed: 0, rerouted: 0 };
  const forward = (target, req, body) =>
    new Promise((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: target,
          method: req.method,
          path: req.url,
          headers: req.headers,
          // A connection per request: one to a killed host is refused, never half-sent.
          agent: false,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
          response.on('error', (error) => resolve({ error }));
        },
      );
      upstream.on('error', (error) => resolve({ error }));
      upstream.end(body);
    });
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    // Its own turn, then the hosts after it: concurrent requests moving the turn on must not
    // send a retry back to the host that just refused it.
    const turn = next++;
    for (let tries = 0; tries < ports.length; tries++) {
      const target = ports[(turn + tries) % ports.length];
      const answer = await forward(target, req, body);
      if (answer.error?.code === 'ECONNREFUSED' || answer.response?.statusCode === 503) {
        counts.rerouted++;
        continue;
      }
      if (answer.error) {
        counts.failed++;
        res.writeHead(502).end();
        return;
      }
      res.writeHead(answer.response.statusCode, answer.response.headers).end(answer.body);
      return;
    }
    counts.failed++;
    res.writeHead(502).end();
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => new Promise((r) => http.close(r)),
  };
}

/** Counts each event id the hosts deliver (the signature is not what is measured). */
async function startReceiver(port) {
  const deliveries = new Map();
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        const event = JSON.parse(body);
        const id = req.headers['webhook-id'];
        const seen = deliveries.get(id) ?? { type: event.type, orderId: event.data?.id, times: 0 };
        seen.times++;
        deliveries.set(id, seen);
      } catch {}
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    close: () => {
      http.closeAllConnections();
      return new Promise((r) => http.close(r));
    },
  };
}

/** Buyers checking out through the proxy for `seconds`; returns POST latencies and failures. */
async function load(proxyUrl, seconds, onHalfway) {
  const latencies = [];
  let failures = 0;
  /** Why checkouts failed, counted (a host killed mid-request: the proxy's 502). */
  const reasons = new Map();
  const until = Date.now() + seconds * 1000;
  let halfwayDone = false;
  const halfway = Date.now() + (seconds * 1000) / 2;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      // One buyer's form (its hidden Server Action fields) read once.
      const html = await (await fetch(`${proxyUrl}/checkout/starter`)).text();
      let cookie = null;
      while (Date.now() < until) {
        if (!halfwayDone && Date.now() >= halfway) {
          halfwayDone = true;
          onHalfway?.();
        }
        try {
          const paymentMethod = await tokenize(proxyUrl);
          const answer = await httpCheckout(
            proxyUrl,
            '/checkout/starter',
            {
              paymentMethod,
              // A buyer each (one address buying the plan again is asked to confirm first).
              email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
              name: 'Bench Mark',
              country: 'DE',
              // What the form's summary shows for Starter monthly (German VAT included).
              shownTotal: 'EUR 900',
            },
            { cookie, html },
          );
          cookie = answer.cookie;
          latencies.push(answer.ms);
        } catch (error) {
          failures++;
          const reason = error.message.replace(/buyer-[0-9a-f]+/g, 'buyer-…');
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  for (const [reason, count] of reasons) console.log(`# ${count} × failed: ${reason}`);
  return { latencies, failures };
}

/** Waits until every charge has its order and every order.paid arrived; checks once-only. */
async function settle(databaseUrl, receiver, timeoutMs) {
  const db = await server.createPostgresClient({ connectionString: databaseUrl });
  const query = async (text) => (await db.query(text)).rows[0];
  const deadline = Date.now() + timeoutMs;
  let state;
  for (;;) {
    state = await query(`SELECT
      (SELECT count(*)::int FROM plankit.orders) AS orders,
      (SELECT count(*)::int FROM plankit.checkout_sessions WHERE status = 'processing') AS processing,
      (SELECT count(*)::int FROM plankit.test_processor_intents
        WHERE kind = 'payment' AND status = 'succeeded') AS charges,
      (SELECT count(*)::int FROM (SELECT metadata->>'plankit_session' FROM plankit.test_processor_intents
        WHERE kind = 'payment' AND status = 'succeeded' GROUP BY 1 HAVING count(*) > 1) d) AS doubles`);
    const paid = [...receiver.deliveries.values()].filter((d) => d.type === 'order.paid');
    state.paidEvents = paid.length;
    state.paidTwice = paid.filter((d) => d.times > 1).length;
    if (
      (state.processing === 0 && state.orders === state.charges && paid.length >= state.orders) ||
      Date.now() > deadline
    )
      break;
    await sleep(500);
  }
  await db.close();
  return state;
}

const ceilingSeconds = SMOKE ? 2 : 10;
const results = [];
let ceiling = null;
for (const hostCount of HOST_COUNTS) {
  const name = `plankit_scale_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await makeDatabase(name);
  const receiver = await startReceiver(BASE_PORT + 5);
  const ports = Array.from({ length: hostCount }, (_, i) => BASE_PORT + 1 + i);
  const hosts = [];
  try {
    if (!ceiling) ceiling = await commitCeiling(databaseUrl, ceilingSeconds);
    for (const port of ports) hosts.push(await startHost(port, databaseUrl, receiver.url));
    const proxy = await startProxy(BASE_PORT, ports);
    // The 2-host run loses one host halfway, as a crash or the OOM killer would.
    // (Not in the smoke run: what it was running waits out the 2-minute attempt lease.)
    const killOne = hostCount === 2 && !SMOKE ? () => hosts[1].kill() : null;
    const started = Date.now();
    const cpuBefore = hosts.map((host) => host.cpuMs());
    const benchCpuBefore = process.cpuUsage();
    const { latencies, failures } = await load(proxy.url, SECONDS, killOne);
    const elapsed = (Date.now() - started) / 1000;
    // Where the time goes: the hosts' CPU per checkout (a killed host's stops counting).
    const hostCpu = hosts.reduce(
      (sum, host, i) => sum + Math.max(0, host.cpuMs() - cpuBefore[i]),
      0,
    );
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const outcome = await settle(databaseUrl, receiver, (killOne ? ATTEMPT_LEASE_MS : 0) + 60_000);
    await proxy.close();
    results.push({
      hostCount,
      checkouts: latencies.length,
      perSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
      proxyFailed: proxy.counts.failed,
      rerouted: proxy.counts.rerouted,
      killed: killOne !== null,
      hostCpuPerCheckout: latencies.length ? hostCpu / latencies.length : Number.NaN,
      benchCpuPerCheckout: latencies.length
        ? (benchCpu.user + benchCpu.system) / 1000 / latencies.length
        : Number.NaN,
      ...outcome,
    });
  } finally {
    await Promise.all(hosts.map((host) => host.stop()));
    await receiver.close();
    await dropDatabase(name);
  }
}

const { loadavg: osLoad, cpus } = await import('node:os');
console.log(
  `\n# checkouts without JavaScript through a round-robin proxy, ${CONCURRENCY} buyers, ${SECONDS} s per host count`,
);
console.log(
  `# ceiling: ${ceiling.perSecond.toFixed(0)} one-row commits/s (synchronous_commit=${ceiling.synchronousCommit}, ${CONCURRENCY} connections, ${ceilingSeconds} s); machine: ${cpus().length} cores, load average now ${osLoad()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
table(
  [
    'hosts',
    'checkouts',
    'checkouts/s',
    '÷ ceiling',
    'POST p50 ms',
    'POST p99 ms',
    'failed',
    'orders',
    'charges',
    'double',
    'order.paid',
    'twice',
    'host CPU ms/checkout',
    'bench CPU ms/checkout',
  ],
  results.map((r) => [
    r.killed ? `${r.hostCount} (1 killed)` : String(r.hostCount),
    String(r.checkouts),
    r.perSecond.toFixed(1),
    (r.perSecond / ceiling.perSecond).toFixed(3),
    ms(r.p50),
    ms(r.p99),
    String(r.failures),
    String(r.orders),
    String(r.charges),
    String(r.doubles),
    String(r.paidEvents),
    String(r.paidTwice),
    ms(r.hostCpuPerCheckout),
    ms(r.benchCpuPerCheckout),
  ]),
);
let ok = true;
for (const r of results) {
  const lost = r.orders !== r.charges || r.processing > 0;
  // A host killed after the receiver took an event and before it recorded that sends it
  // again, under the same webhook-id (receivers deduplicate on it: Standard Webhooks);
  // without a kill nothing may arrive twice.
  const repeated = r.killed ? false : r.paidTwice > 0;
  if (r.doubles > 0 || lost || repeated || r.paidEvents < r.orders) ok = false;
  if (!SMOKE) {
    console.log(
      `  ${r.perSecond >= ceiling.perSecond / 3 ? 'PASS' : 'FAIL'} ${r.hostCount} host(s): checkouts/s ≥ 1/3 of the ceiling (${r.perSecond.toFixed(1)} vs ${(ceiling.perSecond / 3).toFixed(1)})`,
    );
  }
}
console.log(
  ok
    ? 'no order lost, no double charge, every order.paid delivered (twice, same webhook-id, only across a kill)'
    : 'FAIL: an order lost, a double charge, or an order.paid missing or repeated (see the table)',
);
if (!ok) process.exit(1);
