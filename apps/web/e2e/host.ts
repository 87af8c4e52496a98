import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, type Page, type Response } from '@playwright/test';

/** A second production server, started by a test that needs its own configuration. */
export interface Host {
  baseURL: string;
  /** Everything it printed so far (stdout and stderr). */
  logs(): string;
  stop(): Promise<void>;
  /** Kills its whole process group with SIGKILL, as a crash or an OOM killer would. */
  kill(): Promise<void>;
}

const nextBin = join(process.cwd(), 'node_modules/next/dist/bin/next');

/**
 * The port of the n-th extra host of this run: just above the suite's own server
 * (`E2E_PORT`, default 3100), so parallel runs on other ports do not collide.
 */
export function extraPort(n: number): number {
  return Number(process.env.E2E_PORT ?? 3100) + n;
}

/**
 * Starts `next start` on 127.0.0.1 with the given environment (on top of this process's),
 * and waits until it serves the fallback page (at most 60 s), or with `ready: 'listening'`
 * only until its port takes connections (no request at all). Stop it in `afterAll`.
 */
export async function startHost(
  port: number,
  env: Record<string, string>,
  options: { ready?: 'fallback' | 'listening' } = {},
): Promise<Host> {
  // Something else answering there (a host a killed run left behind) would pass for this one.
  if (await listening(port)) throw new Error(`port ${port} is taken: stop what listens there`);
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: process.cwd(),
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'pipe',
      // Its own process group, so kill() takes whatever it started along with it.
      detached: true,
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // The group is gone already.
    }
  };
  /** Whether any process of the host's group is still running. */
  const groupAlive = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 0);
      return child.pid !== undefined;
    } catch {
      return false;
    }
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const host: Host = {
    baseURL,
    logs: () => output,
    async stop() {
      // The whole group: `next start` runs its server in a child process of its own, which
      // can still be exiting (and holding the store's folder) after `next start` is gone. So
      // wait for the group to be empty, not for the first process, before a test goes on.
      signal('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      const deadline = Date.now() + 10_000;
      while (groupAlive() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      signal('SIGKILL');
    },
    async kill() {
      signal('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the host on ${port} exited:\n${output}`);
    try {
      if (options.ready === 'listening' ? await listening(port) : await servesFallback(baseURL)) {
        return host;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await host.stop();
      throw new Error(`the host on ${port} did not start in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits (at most 60 s) until the host's store is open: its finish page, which reads the
 * store, answers 200. A fresh host opens its store in the background at start (PGlite boots
 * and migrates in seconds, longer on a loaded machine); a purchase made before that waits
 * for it, past a test's usual timeouts. `checkoutPath`: the host's CHECKOUT_PATH.
 */
export async function waitForStore(host: Host, checkoutPath = 'checkout'): Promise<void> {
  const deadline = Date.now() + 60_000;
  const probe = `${host.baseURL}/${checkoutPath}/finish?session=cs_${'W41tF0rS'.repeat(4)}`;
  for (;;) {
    try {
      if ((await fetch(probe)).status === 200) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`the store of ${host.baseURL} did not open in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const servesFallback = async (baseURL: string) => (await fetch(`${baseURL}/fallback`)).ok;

/** Whether something accepts TCP connections on the port (opened and closed, nothing sent). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asserts the proxy's 503 page (issue 12, items 4 and 5): `Retry-After`, the heading, an
 * error reference that the host's log line also carries, and no claim that nothing was
 * charged. Returns that log line, from the reference on.
 */
export async function expectUnavailablePage(
  page: Page,
  response: Response | null,
  host: Host,
): Promise<string> {
  expect(response?.status()).toBe(503);
  expect(response?.headers()['retry-after']).toBe('30');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Checkout is unavailable right now' }),
  ).toBeVisible();
  await expect(page.getByText(/Nothing was charged/i)).toHaveCount(0);
  const digest = (await page.locator('code').textContent()) ?? '';
  expect(digest).toMatch(/^[0-9a-f]{12}$/);
  await expect.poll(() => host.logs()).toContain(digest);
  return host.logs().slice(host.logs().indexOf(digest));
}
