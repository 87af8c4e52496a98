// The committed API reports (api/*.api.md) match the built declarations of every entry
// (issue 14, "An API report for maintainers"): a change to the public API fails the tests
// until `pnpm --filter @plankit/checkout api:update` rewrites the reports, so the change
// shows in review and gets the changeset bump it needs (root README, "Publishing").
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packageDir } from './support.js';

describe('the public API', () => {
  it('matches the committed reports in api/ (else: pnpm --filter @plankit/checkout api:update)', () => {
    let output = '';
    let code = 0;
    try {
      output = execFileSync(process.execPath, [join(packageDir, 'scripts/api-report.mjs')], {
        cwd: packageDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const failed = error as { status: number | null; stdout?: string; stderr?: string };
      code = failed.status ?? 1;
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(code, output).toBe(0);
  }, 60_000);
});
