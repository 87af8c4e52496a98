// The tarball `pnpm pack` makes (what `pnpm publish` uploads) passes publint and "Are
// the types wrong?" for every entry (issue 4, "Package quality").
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageDir, packTarball } from './support.js';

let tarball = '';

beforeAll(() => {
  tarball = packTarball(packageDir);
});
afterAll(() => {
  if (tarball) rmSync(dirname(tarball), { recursive: true, force: true });
});

/**
 * Runs the CLI of one of the package's dev dependencies with Node; returns its exit code
 * and everything it printed.
 */
function runCli(bin: string, args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync(
      process.execPath,
      [join(packageDir, 'node_modules', bin), ...args],
      {
        cwd: packageDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number | null; stdout?: string; stderr?: string };
    return { code: failed.status ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the packed tarball', () => {
  it('passes publint (strict: warnings count as errors)', () => {
    const { code, output } = runCli('publint/src/cli.js', ['run', tarball, '--strict']);
    expect(code, output).toBe(0);
    expect(output).toContain('All good!');
  });

  it('passes attw for ".", "./server" under node16 (ESM and CJS) and bundler resolution', () => {
    const { code, output } = runCli('@arethetypeswrong/cli/dist/index.js', [
      tarball,
      '--format',
      'json',
      // node16 and bundler; node10 predates "exports" and cannot see ./server at all.
      '--profile',
      'node16',
      // styles.css carries no types to check; publint above checks that it resolves.
      '--exclude-entrypoints',
      './styles.css',
      // The package is ESM-only: CommonJS code loads it with import() (or require() of
      // ESM, which Node >= 20.19 has), which attw reports as a warning under node16-cjs.
      '--ignore-rules',
      'cjs-resolves-to-esm',
    ]);
    const report = JSON.parse(output.slice(output.indexOf('{'))) as {
      analysis: {
        entrypoints: Record<
          string,
          { resolutions: Record<string, { resolution?: { fileName: string } }> }
        >;
        problems: unknown[];
      };
      problems?: unknown[];
    };
    expect(code, output).toBe(0);
    expect(Object.keys(report.analysis.entrypoints)).toEqual(
      expect.arrayContaining(['.', './server']),
    );
    for (const entry of ['.', './server']) {
      const resolutions = report.analysis.entrypoints[entry]?.resolutions ?? {};
      for (const mode of ['node16-esm', 'node16-cjs', 'bundler']) {
        expect(resolutions[mode]?.resolution?.fileName, `${entry} under ${mode}`).toMatch(
          /\/dist\/(index|server)\.d\.ts$/,
        );
      }
    }
  });
});
