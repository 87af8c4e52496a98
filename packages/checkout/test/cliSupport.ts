// Running the `plankit` bin as a person does: a process of its own, with only the store
// variables a test gives it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageDir } from './support.js';

export const bin = join(packageDir, 'bin/plankit.mjs');

/** Runs `plankit …` in `cwd` with only the given store variables set. */
export function plankit(args: string[], env: Record<string, string>, cwd: string) {
  const { DATABASE_URL: _url, PLANKIT_DATA_DIR: _dir, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
