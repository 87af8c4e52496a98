// The tarball `pnpm pack` makes (what `pnpm publish` uploads) passes publint and "Are
// the types wrong?" for every entry (issue 4, "Package quality"; issue 14, "Every
// resolver").
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageDir, packTarball } from './support.js';

const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
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

  // The package is ESM-only and needs Node.js >= 20.19 (README, "Install"). attw's
  // `--profile esm-only` would drop the node10 and node16-cjs resolutions from the analysis
  // altogether, so a broken node10 lookup (issue 14) would pass unseen. Instead every
  // resolution is analysed (the default, strict profile) and exactly one rule is ignored:
  // `cjs-resolves-to-esm`, the warning that CommonJS code gets ESM. That is the ESM-only
  // decision itself: CommonJS code loads the package with import(), or with require() on
  // Node >= 20.19. node10, which predates "exports", finds the types of "." through
  // "types" and of the subpaths through "typesVersions".
  it('passes attw for every entry under node10, node16 (ESM and CJS) and bundler', () => {
    const { code, output } = runCli('@arethetypeswrong/cli/dist/index.js', [
      tarball,
      '--format',
      'json',
      '--ignore-rules',
      'cjs-resolves-to-esm',
      // A stylesheet has no types to check: apps import it for its side effect, and their
      // bundler (not TypeScript) resolves it. publint and exports.test.ts check the file.
      '--exclude-entrypoints',
      './styles.css',
    ]);
    const report = JSON.parse(output.slice(output.indexOf('{'))) as {
      analysis: {
        entrypoints: Record<
          string,
          { resolutions: Record<string, { resolution?: { fileName: string } }> }
        >;
        /** Every problem found, the ignored rule's included. */
        problems: { kind: string; entrypoint?: string; resolutionKind?: string }[];
      };
    };
    expect(code, output).toBe(0);
    const problems = report.analysis.problems.filter(
      (problem) =>
        !(problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs'),
    );
    expect(problems, output).toEqual([]);
    const codeEntries = Object.keys(manifest.exports).filter(
      (entry) => !/\.(css|json)$/.test(entry),
    );
    expect(Object.keys(report.analysis.entrypoints)).toEqual(expect.arrayContaining(codeEntries));
    for (const entry of codeEntries) {
      const resolutions = report.analysis.entrypoints[entry]?.resolutions ?? {};
      for (const mode of ['node10', 'node16-esm', 'node16-cjs', 'bundler']) {
        expect(resolutions[mode]?.resolution?.fileName, `${entry} under ${mode}`).toMatch(
          /\/dist\/[\w/]+\.d\.ts$/,
        );
      }
    }
  });
});
