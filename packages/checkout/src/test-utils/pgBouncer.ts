// A PgBouncer of the test's own in transaction pooling mode (issue 24, item 3), in front of
// TEST_DATABASE_URL's server: Debian's `pgbouncer` (1.18, which does not track named
// prepared statements), an ini generated in a temporary folder, trust for everyone.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian installs it; `PGBOUNCER_PATH` names another. */
export const PGBOUNCER_PATH = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/**
 * First port tried (`TEST_PGBOUNCER_PORT`, default 6400); the next 49 are tried when it is
 * taken, so test files running at once each get their own.
 */
const FIRST_PORT = Number(process.env.TEST_PGBOUNCER_PORT ?? 6400);
const PORTS_TRIED = 50;

/** Why the PgBouncer tests cannot run here, or null when they can. */
export function pgBouncerUnavailable(databaseUrl: string | undefined): string | null {
  if (!databaseUrl) return 'needs a PostgreSQL server (TEST_DATABASE_URL)';
  if (!existsSync(PGBOUNCER_PATH)) return `needs PgBouncer at ${PGBOUNCER_PATH} (PGBOUNCER_PATH)`;
  return null;
}

/** A running PgBouncer. */
export interface PgBouncer {
  /** `databaseUrl` with PgBouncer's address in place of the server's. */
  url: string;
  /** Everything it logged. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer with `pool_mode = transaction` in front of `databaseUrl` (its host,
 * port, database and user), at most `poolSize` server connections. Waits until it takes
 * connections.
 */
export async function startPgBouncer(databaseUrl: string, poolSize = 20): Promise<PgBouncer> {
  const server = new URL(databaseUrl);
  const database = decodeURIComponent(server.pathname.slice(1)) || 'postgres';
  const user = decodeURIComponent(server.username) || 'postgres';
  const dir = await mkdtemp(join(tmpdir(), 'plankit-pgbouncer-'));
  // PgBouncer refuses to run as root: it switches to `nobody`, who must read the ini.
  await chmod(dir, 0o755);
  for (let port = FIRST_PORT; port < FIRST_PORT + PORTS_TRIED; port++) {
    if (!(await isFree(port))) continue;
    const ini = join(dir, `pgbouncer-${port}.ini`);
    await writeFile(
      ini,
      [
        '[databases]',
        // `auth_type = any` needs the server's user named here; every client is let in.
        `${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${user}${server.password ? ` password=${decodeURIComponent(server.password)}` : ''}`,
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
  throw new Error(`no free port for PgBouncer in ${FIRST_PORT}–${FIRST_PORT + PORTS_TRIED - 1}`);
}

/** Runs PgBouncer on an ini; null when it exits before it listens (its port was taken). */
async function launch(
  ini: string,
  port: number,
): Promise<{ logs(): string; stop(): Promise<void> } | null> {
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER_PATH, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await isListening(port))) {
    if (child.exitCode !== null || child.signalCode !== null) return null;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not listen on ${port} within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    logs: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT: PgBouncer's immediate shutdown (clients are the test's own, already closed).
      child.kill('SIGINT');
      await exited;
    },
  };
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
