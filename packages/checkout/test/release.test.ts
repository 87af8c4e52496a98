// A dry run of the release flow (issue 4, "Release flow"): `changeset version` on a
// throw-away copy of the workspace's manifests and pending changesets, then `pnpm pack`
// of the versioned package. Nothing in the repository changes.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packTarball, repoRoot } from './support.js';

type Bump = 'patch' | 'minor' | 'major';
const BUMPS: Bump[] = ['patch', 'minor', 'major'];
const PACKAGE = '@plankit/checkout';

const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string; private?: boolean };

/** The workspace folders (apps/web, packages/checkout, …), from pnpm-workspace.yaml. */
function workspaceFolders(): string[] {
  const yaml = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...yaml.matchAll(/^\s+-\s+['"]?([\w.-]+)\/\*['"]?\s*$/gm)].map(
    (m) => m[1] as string,
  );
  return globs.flatMap((parent) =>
    readdirSync(join(repoRoot, parent), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && existsSync(join(repoRoot, parent, entry.name, 'package.json')),
      )
      .map((entry) => `${parent}/${entry.name}`),
  );
}

/** The biggest bump the pending changesets ask for the package; at least the dry run's patch. */
function pendingBump(changesetDir: string): Bump {
  let bump: Bump = 'patch';
  for (const file of readdirSync(changesetDir).filter((name) => name.endsWith('.md'))) {
    const text = readFileSync(join(changesetDir, file), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
    const match = /^\s*['"]?@plankit\/checkout['"]?\s*:\s*(patch|minor|major)\s*$/m.exec(front);
    const asked = match?.[1] as Bump | undefined;
    if (asked && BUMPS.indexOf(asked) > BUMPS.indexOf(bump)) bump = asked;
  }
  return bump;
}

function bumped(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

describe('release dry run: changeset version, then pnpm pack', () => {
  const copy = mkdtempSync(join(tmpdir(), 'plankit-release-'));
  const folders = workspaceFolders();
  const before = new Map(
    folders.map((folder) => [folder, readJson(join(repoRoot, folder, 'package.json'))]),
  );
  const checkout = join(copy, 'packages/checkout');
  let expected = '';
  let tarball = '';

  beforeAll(() => {
    for (const file of ['package.json', 'pnpm-workspace.yaml']) {
      cpSync(join(repoRoot, file), join(copy, file));
    }
    cpSync(join(repoRoot, '.changeset'), join(copy, '.changeset'), { recursive: true });
    for (const folder of folders) {
      mkdirSync(join(copy, folder), { recursive: true });
      cpSync(join(repoRoot, folder, 'package.json'), join(copy, folder, 'package.json'));
    }
    // What the tarball carries besides the manifest (package.json "files").
    for (const entry of ['dist', 'README.md', 'CHANGELOG.md']) {
      const from = join(repoRoot, 'packages/checkout', entry);
      if (existsSync(from)) cpSync(from, join(checkout, entry), { recursive: true });
    }
    // A changeset of the dry run's own, so it has something to release even when none is pending.
    writeFileSync(
      join(copy, '.changeset', 'release-dry-run.md'),
      `---\n'${PACKAGE}': patch\n---\n\nRelease dry run.\n`,
    );
    expected = bumped(
      before.get('packages/checkout')?.version ?? '',
      pendingBump(join(copy, '.changeset')),
    );

    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/@changesets/cli/bin.js'), 'version'],
      {
        cwd: copy,
        stdio: 'pipe',
      },
    );
    tarball = packTarball(checkout);
  });

  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
    if (tarball) rmSync(join(tarball, '..'), { recursive: true, force: true });
  });

  it('bumps @plankit/checkout as the pending changesets ask', () => {
    expect(readJson(join(checkout, 'package.json')).version).toBe(expected);
  });

  it('writes packages/checkout/CHANGELOG.md with the new version and the notes', () => {
    const changelog = readFileSync(join(checkout, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## ${expected}`);
    expect(changelog).toContain('Release dry run.');
  });

  it('consumes the changesets', () => {
    const left = readdirSync(join(copy, '.changeset')).filter(
      (name) => name.endsWith('.md') && name !== 'README.md',
    );
    expect(left).toEqual([]);
  });

  it('leaves the private apps and examples alone', () => {
    for (const [folder, manifest] of before) {
      if (!manifest.private) continue;
      expect(readJson(join(copy, folder, 'package.json')).version, folder).toBe(manifest.version);
      expect(existsSync(join(copy, folder, 'CHANGELOG.md')), folder).toBe(false);
    }
  });

  it('packs the new version with the changelog and real dependency ranges', () => {
    expect(tarball).toMatch(
      new RegExp(`plankit-checkout-${expected.replace(/\./g, '\\.')}\\.tgz$`),
    );
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toEqual(
      expect.arrayContaining(['package/CHANGELOG.md', 'package/dist/index.js']),
    );
    const manifest = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(manifest).version).toBe(expected);
    // pnpm pack (like pnpm publish) resolves the workspace's catalog: and workspace: ranges.
    expect(manifest).not.toMatch(/"(catalog|workspace):/);
  });
});
