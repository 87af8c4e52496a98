// The package's layers, as docs/ARCHITECTURE.md ("Layers") lists them: a module imports only
// from its own layer or lower ones (type imports and re-exports included), and no module
// reaches itself through its imports. The list is read from the document, so the picture
// and the code cannot drift apart.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { repoRoot, srcDir } from './support.js';

/** The layers from the architecture document, lowest first. */
function documentedLayers(): string[][] {
  const doc = readFileSync(join(repoRoot, 'docs/ARCHITECTURE.md'), 'utf8');
  const block = /<!-- layers:[^>]*-->\s*```text\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no layers block');
  return block
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-utils' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `engine` for src/engine/x.ts, `(entries)` for src/index.ts. */
function folderOf(file: string): string {
  const parts = relative(srcDir, file).split(sep);
  return parts.length > 1 ? (parts[0] as string) : '(entries)';
}

/** The files a module imports, type imports and re-exports included. */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return (
    importedFiles
      .map((entry) => entry.fileName)
      // A stylesheet (the adapter's root layout loads it) is no module of a layer.
      .filter((name) => name.startsWith('.') && !name.endsWith('.css'))
      .map((name) => {
        const target = resolve(dirname(file), name).replace(/\.js$/, '');
        const found = [`${target}.ts`, `${target}.tsx`].find((candidate) => known.has(candidate));
        if (!found)
          throw new Error(`${relative(srcDir, file)} imports ${name}, which is no source file`);
        return found;
      })
  );
}

const files = sourceFiles(srcDir);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

describe('the layers of docs/ARCHITECTURE.md', () => {
  const layers = documentedLayers();
  const rank = new Map(layers.flatMap((folders, index) => folders.map((f) => [f, index] as const)));

  it('name every folder of src, each once', () => {
    const named = layers.flat();
    expect(new Set(named).size).toBe(named.length);
    expect([...new Set(files.map(folderOf))].sort()).toEqual([...named].sort());
  });

  it('hold: no module imports from a higher layer', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const from = rank.get(folderOf(file)) ?? -1;
        const to = rank.get(folderOf(target)) ?? Number.POSITIVE_INFINITY;
        if (to > from) upward.push(`${relative(srcDir, file)} -> ${relative(srcDir, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('have no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        const start = path.indexOf(file);
        circles.push([...path.slice(start), file].map((f) => relative(srcDir, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
