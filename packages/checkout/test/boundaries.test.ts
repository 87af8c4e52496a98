// The built package keeps client code and server code apart (STYLE.md, "Package hygiene";
// issue 4, "Package quality"): per-file "use client" directives survive the build, the
// server side reaches no React DOM and no client module, the components reach no server
// code, and nothing imports Next.js.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type DistModule,
  distDir,
  distPath,
  hasUseClient,
  importGraph,
  isPackage,
  listFiles,
  readDistModule,
  srcDir,
} from './support.js';

const sourceFiles = listFiles(srcDir).filter(
  (file) =>
    /\.tsx?$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !relative(srcDir, file).startsWith('test-utils'),
);
const distFile = (source: string) =>
  join(distDir, relative(srcDir, source)).replace(/\.tsx?$/, '.js');
const clientSources = sourceFiles.filter((file) => hasUseClient(readFileSync(file, 'utf8')));
const distJs = listFiles(distDir).filter((file) => file.endsWith('.js'));
const inFolder = (folder: string) => (module: DistModule) =>
  distPath(module.file).startsWith(`${folder}/`);

/** Describes where a module was reached from, for failure messages. */
const names = (list: DistModule[]) => list.map((module) => distPath(module.file));

describe('"use client" in the built files', () => {
  it('finds the interactive components among the sources', () => {
    const found = clientSources.map((file) => relative(srcDir, file));
    expect(found).toContain(join('components', 'PlanStepForm.tsx'));
    expect(found).toContain(join('components', 'CheckoutError.tsx'));
  });

  it.each(clientSources.map((file) => [relative(srcDir, file), file]))(
    '%s keeps the directive as its first statement',
    (_name, source) => {
      const code = readFileSync(distFile(source), 'utf8');
      expect(
        hasUseClient(code),
        `${distPath(distFile(source))} starts with:\n${code.slice(0, 200)}`,
      ).toBe(true);
    },
  );

  it('marks no other file as client code', () => {
    const expected = new Set(clientSources.map(distFile));
    const marked = distJs.filter((file) => hasUseClient(readFileSync(file, 'utf8')));
    expect(marked.filter((file) => !expected.has(file)).map(distPath)).toEqual([]);
  });
});

describe('the server side: dist/server.js, engine, store and providers', () => {
  const serverEntries = [
    join(distDir, 'server.js'),
    ...distJs.filter((file) => /^(engine|store|providers|invoices)\//.test(distPath(file))),
  ];

  it.each(serverEntries.map((file) => [distPath(file), file]))(
    '%s reaches no React DOM, no browser code and no client module',
    async (_name, entry) => {
      const graph = await importGraph(entry);
      const clientModules = graph.filter((module) => hasUseClient(module.code));
      const reactImports = graph.flatMap((module) =>
        module.external
          .filter((specifier) => isPackage(specifier, 'react') || isPackage(specifier, 'react-dom'))
          .map((specifier) => `${distPath(module.file)} → ${specifier}`),
      );
      expect(names(clientModules)).toEqual([]);
      expect(reactImports).toEqual([]);
      expect(names(graph.filter(inFolder('components')))).toEqual([]);
    },
  );
});

describe('the client side: dist/index.js and every component', () => {
  // Server-only dependencies: Node built-ins, the database drivers.
  const serverOnly = (specifier: string) =>
    specifier.startsWith('node:') ||
    isPackage(specifier, 'pg') ||
    isPackage(specifier, 'pdfkit') ||
    isPackage(specifier, 'bidi-js') ||
    isPackage(specifier, '@electric-sql/pglite');

  /**
   * engine/ also holds two pure leaf modules the form needs (the initial form state and the
   * session-id shape check). A leaf has no imports at all, so it cannot pull server code
   * in; anything else from engine/, store/ or providers/ is server code.
   */
  const serverModules = (graph: DistModule[]) =>
    graph.filter(
      (module) =>
        inFolder('store')(module) ||
        inFolder('providers')(module) ||
        inFolder('invoices')(module) ||
        (inFolder('engine')(module) && (module.internal.length > 0 || module.external.length > 0)),
    );

  it('dist/index.js pulls in no store, provider, engine or Node.js code', async () => {
    const graph = await importGraph(join(distDir, 'index.js'));
    expect(names(serverModules(graph))).toEqual([]);
    expect(graph.flatMap((module) => module.external.filter(serverOnly))).toEqual([]);
  });

  const components = distJs.filter((file) => distPath(file).startsWith('components/'));
  it.each(components.map((file) => [distPath(file), file]))(
    '%s pulls in no server code and no zod',
    async (_name, entry) => {
      const graph = await importGraph(entry);
      expect(names(serverModules(graph))).toEqual([]);
      const externals = graph.flatMap((module) => module.external);
      expect(externals.filter(serverOnly)).toEqual([]);
      // The catalog schema (zod) stays on the server; the form uses plain-function rules.
      expect(externals.filter((specifier) => isPackage(specifier, 'zod'))).toEqual([]);
    },
  );
});

describe('Next.js only in the adapter: dist/next/, the @plankit/checkout/next entry', () => {
  const inNext = (file: string) => distPath(file).startsWith('next/');

  it('no JavaScript module outside dist/next imports next', async () => {
    const offenders: string[] = [];
    for (const file of distJs.filter((file) => !inNext(file))) {
      const module = await readDistModule(file);
      for (const specifier of module.external) {
        if (isPackage(specifier, 'next')) offenders.push(`${distPath(file)} → ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the adapter does import next (so the check above looks at the right thing)', async () => {
    const module = await readDistModule(join(distDir, 'next', 'proxy.js'));
    expect(module.external.filter((specifier) => isPackage(specifier, 'next'))).not.toEqual([]);
  });

  it('no module outside dist/next reaches the adapter', async () => {
    const offenders: string[] = [];
    for (const file of distJs.filter((file) => !inNext(file))) {
      const graph = await importGraph(file);
      for (const module of graph.filter((reached) => inNext(reached.file))) {
        offenders.push(`${distPath(file)} → ${distPath(module.file)}`);
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
  });

  it('no type declaration outside dist/next refers to next', () => {
    const reference = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"](next(?:\/[^'"]*)?)['"]/g;
    const offenders = listFiles(distDir)
      .filter((file) => file.endsWith('.d.ts') && !inNext(file))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(reference)].map(
          (match) => `${distPath(file)} → ${match[1]}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it("the adapter's route handlers and proxy reach no component (they load pages lazily)", async () => {
    for (const entry of ['handlers.js', 'proxy.js', 'engineHolder.js']) {
      const graph = await importGraph(join(distDir, 'next', entry));
      expect(names(graph.filter(inFolder('components'))), entry).toEqual([]);
      expect(names(graph.filter((module) => hasUseClient(module.code))), entry).toEqual([]);
    }
  });
});
