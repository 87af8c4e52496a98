// The committed API reports (api/*.api.md) match the built declarations of every entry
// (issue 14, "An API report for maintainers"): a change to the public API fails the tests
// until `pnpm --filter @plankit/checkout api:update` rewrites the reports, so the change
// shows in review and gets the changeset bump it needs (root README, "Publishing").
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

describe('the props of every public component', () => {
  it('carry TSDoc on each prop (none is "(undocumented)" in the reports)', () => {
    const undocumented: string[] = [];
    for (const file of readdirSync(join(packageDir, 'api')).filter((f) => f.endsWith('.api.md'))) {
      const report = readFileSync(join(packageDir, 'api', file), 'utf8');
      for (const [, name, body] of report.matchAll(
        /export interface (\w+Props) \{\n([\s\S]*?)\n\}/g,
      )) {
        const lines = (body ?? '').split('\n');
        lines.forEach((line, i) => {
          if (line.includes('(undocumented)')) {
            undocumented.push(`${file} ${name}.${lines[i + 1]?.trim().split(/[?:]/)[0]}`);
          }
        });
      }
    }
    expect(undocumented).toEqual([]);
  });
});
