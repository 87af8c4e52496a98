// Shared helpers of the package-level tests: paths, running pnpm, packing the package and
// reading the import graph of the built dist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

/** packages/checkout */
export const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The repository root. */
export const repoRoot = resolve(packageDir, '../..');
export const distDir = join(packageDir, 'dist');
export const srcDir = join(packageDir, 'src');

/**
 * Runs pnpm: the one that runs this test when there is one (`pnpm test` sets
 * `npm_execpath`), else the pnpm on PATH. Returns stdout; throws with the output on failure.
 */
export function runPnpm(args: string[], cwd: string): string {
  const execPath = process.env.npm_execpath;
  const [command, commandArgs] =
    execPath && /pnpm(\.c?js)?$/.test(execPath)
      ? [process.execPath, [execPath, ...args]]
      : ['pnpm', args];
  return execFileSync(command, commandArgs, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
}

/**
 * Packs a package folder with `pnpm pack` (which rewrites `catalog:` and `workspace:`
 * ranges the way `pnpm publish` does) into a new temporary folder; returns the tarball path.
 */
export function packTarball(dir: string): string {
  const destination = mkdtempSync(join(tmpdir(), 'plankit-pack-'));
  runPnpm(['pack', '--pack-destination', destination], dir);
  const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${destination}`);
  return join(destination, tarball);
}

/** Every file under a folder, as absolute paths. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A path relative to dist, with forward slashes (`components/PlanStep.js`). */
export function distPath(file: string): string {
  return relative(distDir, file).split(sep).join('/');
}

const DIRECTIVE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1/;

/** Whether a module's first statement is the `"use client"` directive. */
export function hasUseClient(code: string): boolean {
  return DIRECTIVE.test(code);
}

/** One module of the built package and what it imports. */
export interface DistModule {
  file: string;
  code: string;
  /** Relative imports, resolved to absolute dist paths. */
  internal: string[];
  /** Bare specifiers (`react`, `node:crypto`, `zod`), static or dynamic. */
  external: string[];
}

const modules = new Map<string, DistModule>();

/** Reads and lexes one dist module (cached). */
export async function readDistModule(file: string): Promise<DistModule> {
  const cached = modules.get(file);
  if (cached) return cached;
  await init;
  const code = readFileSync(file, 'utf8');
  const [imports] = parse(code, file);
  const internal: string[] = [];
  const external: string[] = [];
  for (const entry of imports) {
    if (entry.type === 'import-meta') continue;
    const specifier = entry.specifier;
    if (specifier === undefined || (entry.type === 'dynamic' && entry.glob)) {
      throw new Error(
        `${distPath(file)} imports a computed path; the graph checks cannot follow it`,
      );
    }
    if (specifier.startsWith('.')) internal.push(resolve(dirname(file), specifier));
    else external.push(specifier);
  }
  const module = { file, code, internal, external };
  modules.set(file, module);
  return module;
}

/** The modules an entry reaches through static and dynamic imports, the entry included. */
export async function importGraph(entry: string): Promise<DistModule[]> {
  const seen = new Map<string, DistModule>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${distPath(file)} is imported but missing from dist`);
    const module = await readDistModule(file);
    seen.set(file, module);
    queue.push(...module.internal);
  }
  return [...seen.values()];
}

/** Whether a bare specifier names a package or one of its subpaths (`react`, `react/jsx-runtime`). */
export function isPackage(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(`${name}/`);
}
