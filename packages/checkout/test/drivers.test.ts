// The store drivers are optional peers, loaded only when the chosen store opens (issue 14,
// "The Next.js path works verbatim"). Checked on the built package: the imports stay
// invisible to bundlers, and an app without the chosen driver gets an error that names
// the package to install.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { distDir, packageDir } from './support.js';

describe('dist/store/loadDriver.js', () => {
  const code = readFileSync(join(distDir, 'store/loadDriver.js'), 'utf8');

  it.each(['pg', '@electric-sql/pglite'])(
    'imports %s with the comments that keep webpack and Turbopack from resolving it',
    (driver) => {
      const imports = [...code.matchAll(/import\(([^)]*)\)/g)].map((match) => match[1] ?? '');
      const driverImport = imports.find((args) => args.includes(`"${driver}"`));
      expect(driverImport, code).toBeDefined();
      expect(driverImport).toContain('/* webpackIgnore: true */');
      expect(driverImport).toContain('/* turbopackIgnore: true */');
    },
  );
});

describe('an app that installed @plankit/checkout but not the driver its store needs', () => {
  // The package as an app gets it: dist, its manifest and its dependencies, in a
  // node_modules of its own, with no pg and no PGlite anywhere up the folder tree.
  let app = '';
  beforeAll(() => {
    app = mkdtempSync(join(tmpdir(), 'plankit-no-driver-'));
    const installed = join(app, 'node_modules/@plankit/checkout');
    mkdirSync(installed, { recursive: true });
    cpSync(distDir, join(installed, 'dist'), { recursive: true });
    cpSync(join(packageDir, 'package.json'), join(installed, 'package.json'));
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies)) {
      // A scoped name (`@formatjs/…`) needs its scope's folder first.
      mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
      symlinkSync(join(packageDir, 'node_modules', name), join(app, 'node_modules', name), 'dir');
    }
  });
  afterAll(() => {
    if (app) rmSync(app, { recursive: true, force: true });
  });

  /** Opens the store with `options` in a Node.js process inside the app; returns the error. */
  function openStoreError(options: object): { name: string; code: string; message: string } {
    const script = `
      import { openCheckoutStore } from '@plankit/checkout/server';
      try {
        await openCheckoutStore(${JSON.stringify(options)});
        console.log(JSON.stringify({ name: 'none', code: 'none', message: 'opened' }));
      } catch (error) {
        console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message }));
      }`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      encoding: 'utf8',
    });
    return JSON.parse(output);
  }

  it('DATABASE_URL set, pg missing: says to npm install pg', () => {
    const error = openStoreError({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    expect(error).toEqual({
      name: 'MissingDriverError',
      code: 'missing_driver',
      message: expect.stringContaining('Install it: npm install pg'),
    });
  });

  it('no DATABASE_URL, PGlite missing: says to npm install @electric-sql/pglite', () => {
    const error = openStoreError({ dataDir: join(app, '.data') });
    expect(error).toEqual({
      name: 'MissingDriverError',
      code: 'missing_driver',
      message: expect.stringContaining('Install it: npm install @electric-sql/pglite'),
    });
  });
});
