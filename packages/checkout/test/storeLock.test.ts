// Issue 12, item 4: two host processes on one PGlite folder. The second must be refused
// (never open the files), and nothing the first wrote may be lost, even when it is killed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { packageDir } from './support.js';

const script = join(packageDir, 'test/fixtures/storeProcess.mjs');
const root = mkdtempSync(join(tmpdir(), 'plankit-two-processes-'));
const dataDir = join(root, 'data');
const children: ChildProcess[] = [];

type Event = Record<string, unknown>;

/** Starts the fixture; `events` yields its JSON lines, `exited` its exit code. */
function start(...args: string[]) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const events: Event[] = [];
  const waiters: Array<() => void> = [];
  lines.on('line', (line) => {
    events.push(JSON.parse(line) as Event);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** Resolves with the first event that has `key`, or rejects when the process ends first. */
  async function waitFor(key: string): Promise<Event> {
    for (;;) {
      const event = events.find((e) => key in e);
      if (event) return event;
      const ended = await Promise.race([
        new Promise<false>((resolve) => waiters.push(() => resolve(false))),
        exited.then(() => true),
      ]);
      if (ended && !events.some((e) => key in e)) {
        throw new Error(`storeProcess ${args[0]} exited without "${key}": ${stderr}`);
      }
    }
  }
  return { child, events, waitFor, exited };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('two host processes on one embedded store folder', () => {
  it('refuses the second, and after the first is killed every order it paid is still there', async () => {
    const first = start('pay', dataDir, '20');
    await first.waitFor('ready');
    const paid = first.events.flatMap((e) => (typeof e.paid === 'string' ? [e.paid] : []));
    expect(paid).toHaveLength(20);

    // A second host on the same folder is refused, with the folder and the holder named.
    const second = start('open', dataDir);
    const refusal = await second.waitFor('error');
    expect(refusal.error).toBe('store_locked');
    expect(refusal.name).toBe('StoreLockedError');
    expect(refusal.message).toContain(dataDir);
    expect(refusal.message).toContain(`process ${first.child.pid}`);
    expect(await second.exited).toBe(0);

    // The first host crashes (no clean close, its lock left behind).
    first.child.kill('SIGKILL');
    await first.exited;

    // Restart: the stale lock is taken over, and every paid order is there.
    const restarted = start('count', dataDir, ...paid);
    expect(await restarted.waitFor('found')).toEqual({ found: 20, of: 20 });
  }, 120_000);
});
