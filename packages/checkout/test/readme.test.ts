// The README's code is compiled, not prose that drifts (issue 4, "Documentation"): every
// code block names the file under test/snippets/ it shows, in a comment just above it
// (`<!-- snippet: test/snippets/routes.ts -->`), and must equal that file modulo
// whitespace. The snippets and the type tests compile against dist. After editing a
// snippet, `pnpm --filter @plankit/checkout docs:sync` copies it into the README.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { THEME_VARIABLES } from '@plankit/checkout';
import { listFiles, packageDir } from './support.js';

const readmePath = join(packageDir, 'README.md');
const snippetsDir = join(packageDir, 'test', 'snippets');
const BLOCK = /<!-- snippet: (\S+) -->\n+```(\w+)\n([\s\S]*?)\n```/g;

const normalise = (code: string) => code.replace(/\s+/g, ' ').trim();

if (process.env.UPDATE_README === '1') {
  const readme = readFileSync(readmePath, 'utf8');
  const synced = readme.replace(BLOCK, (_all, path: string, lang: string) => {
    const code = readFileSync(join(packageDir, path), 'utf8').trimEnd();
    return `<!-- snippet: ${path} -->\n\`\`\`${lang}\n${code}\n\`\`\``;
  });
  writeFileSync(readmePath, synced);
}

const readme = readFileSync(readmePath, 'utf8');
const blocks = [...readme.matchAll(BLOCK)].map(([, path, lang, code]) => ({
  path: path as string,
  lang: lang as string,
  code: code as string,
}));

describe('README code blocks', () => {
  it('name a snippet file above every TypeScript, TSX and CSS block', () => {
    const fences = [...readme.matchAll(/^```(\w*)$/gm)]
      .map((match) => match[1])
      .filter((lang) => lang !== '');
    const checked = fences.filter((lang) =>
      ['ts', 'tsx', 'css', 'js', 'jsx'].includes(lang as string),
    );
    expect(blocks.length).toBe(checked.length);
  });

  it.each(blocks.map((block) => [block.path, block]))('%s matches its file', (path, block) => {
    const file = readFileSync(join(packageDir, path), 'utf8');
    expect(normalise(block.code), `run docs:sync to copy ${path} into the README`).toBe(
      normalise(file),
    );
  });

  it('show every snippet file', () => {
    const shown = new Set(blocks.map((block) => block.path));
    const files = listFiles(snippetsDir).map((file) => relative(packageDir, file));
    expect(files.filter((file) => !shown.has(file))).toEqual([]);
  });
});

describe('test/ compiles against the built package', () => {
  it('tsc -p test/tsconfig.json: the README snippets and the type tests', () => {
    let output = '';
    try {
      execFileSync(
        process.execPath,
        [
          join(packageDir, 'node_modules/typescript/bin/tsc'),
          '-p',
          'test/tsconfig.json',
          '--noEmit',
        ],
        { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 60_000);
});

describe('what the snippets claim', () => {
  it('the route helper returns what the comments say', async () => {
    const { teamLink, matched, options } = await import('./snippets/routes.js');
    const source = readFileSync(join(snippetsDir, 'routes.ts'), 'utf8');
    expect(teamLink).toBe('/buy/team?interval=yearly&seats=5');
    expect(source).toContain("// → '/buy/team?interval=yearly&seats=5'");
    expect(matched).toEqual({ step: 'plan', planId: 'team' });
    expect(source).toContain("// → { step: 'plan', planId: 'team' }");
    expect(options).toEqual({ seats: 5 });
    expect(source).toContain('// → { seats: 5 }');
  });

  it('the catalog example is a valid catalog', async () => {
    const { catalog } = await import('./snippets/catalog.js');
    expect(catalog.plans.map((plan) => plan.id)).toEqual([
      'starter',
      'pro',
      'team',
      'free',
      'legacy',
    ]);
  });

  it('the theme CSS sets only real theme variables', () => {
    const css = readFileSync(join(snippetsDir, 'theme.css'), 'utf8');
    const set = [...css.matchAll(/(--pk-[a-z0-9-]+)\s*:/g)].map((match) => match[1]);
    expect(set.length).toBeGreaterThan(0);
    expect(
      set.filter((name) => !(THEME_VARIABLES as readonly string[]).includes(name as string)),
    ).toEqual([]);
  });

  it('the theming table lists every variable of styles.css, once', () => {
    const rows = [...readme.matchAll(/^\| `(--pk-[a-z0-9-]+)` +\|/gm)].map((match) => match[1]);
    expect([...rows].sort()).toEqual([...THEME_VARIABLES].sort());
  });
});
