// A PgBouncer of the caller's own in transaction pooling mode (issue 24, item 3), in front
// of a PostgreSQL server: Debian's `pgbouncer` (1.18, which does not track named prepared
// statements), an ini generated in a temporary folder, every client let in (`auth_type =
// any`). The store's tests (packages/checkout/src/test-utils/pgBouncer.ts) and
// bench/pooler.mjs start one.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian installs it; `PGBOUNCER_PATH` names another. */
export const PGBOUNCER_PATH = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/**
 * First port tried (`TEST_PGBOUNCER_PORT`, default 6400); the next 48 are tried when it is
 * taken, so test files and benches running at once each get their own. The 50th
 * ({@link E2E_PGBOUNCER_PORT}) is left to the host's end-to-end test, which needs a port
 * known before PgBouncer starts.
 */
const FIRST_PORT = Number(process.env.TEST_PGBOUNCER_PORT ?? 6400);
const PORTS_TRIED = 49;

/** The port `apps/web/e2e/health.spec.ts` starts its PgBouncer on. */
export const E2E_PGBOUNCER_PORT = FIRST_PORT + PORTS_TRIED;

/** Why no PgBouncer can be started in front of `databaseUrl` here, or null when one can. */
export function pgBouncerUnavailable(databaseUrl) {
  if (!databaseUrl) return 'needs a PostgreSQL server (TEST_DATABASE_URL)';
  if (!existsSync(PGBOUNCER_PATH)) return `needs PgBouncer at ${PGBOUNCER_PATH} (PGBOUNCER_PATH)`;
  return null;
}

/**
 * Starts PgBouncer with `pool_mode = transaction` in front of `databaseUrl` (its host, port,
 * database and user), with at most `poolSize` server connections, and waits until it takes
 * connections: on `port` when given, else on the first free one of its range.
 */
export async function startPgBouncer(databaseUrl, poolSize = 20, { port: only } = {}) {
  const server = new URL(databaseUrl);
  const database = decodeURIComponent(server.pathname.slice(1)) || 'postgres';
  const user = decodeURIComponent(server.username) || 'postgres';
  const password = server.password ? ` password=${decodeURIComponent(server.password)}` : '';
  const dir = await mkdtemp(join(tmpdir(), 'plankit-pgbouncer-'));
  // PgBouncer refuses to run as root: it then switches to `nobody`, who must read the ini.
  await chmod(dir, 0o755);
  const ports = only ? [only] : Array.from({ length: PORTS_TRIED }, (_, i) => FIRST_PORT + i);
  for (const port of ports) {
    if (!(await isFree(port))) continue;
    const ini = join(dir, `pgbouncer-${port}.ini`);
    await writeFile(
      ini,
      [
        '[databases]',
        // `auth_type = any` needs the server's user named here.
        `${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${user}${password}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        `default_pool_size = ${poolSize}`,
        'max_client_conn = 500',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    const started = await launch(ini, port);
    if (!started) continue; // Taken by someone else in the meantime.
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return {
      url: url.toString(),
      logs: started.logs,
      async stop() {
        await started.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(`no free port for PgBouncer in ${ports[0]}–${ports.at(-1)}`);
}

/** Runs PgBouncer on an ini; null when it exits before it listens (its port was taken). */
async function launch(ini, port) {
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER_PATH, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + 10_000;
  // Its own log says it listens: a TCP probe could be answered by another process that
  // took the port in the meantime (this one then exits on "Address already in use").
  while (!output.includes(`listening on 127.0.0.1:${port}`) || !output.includes('process up')) {
    if (gone()) return null;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not listen on ${port} within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    logs: () => output,
    async stop() {
      if (gone()) return;
      // SIGINT: PgBouncer's immediate shutdown (its clients are the caller's, closed first).
      child.kill('SIGINT');
      await exited;
    },
  };
}

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
