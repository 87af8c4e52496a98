#!/usr/bin/env node
// `pnpm release:rehearse`: what a maintainer does to publish @plankit/checkout, without
// publishing it (issue 23, item 5). Part of `npm test` (the root's release:rehearse task).
//
//   node scripts/release-rehearsal/rehearse.mjs     (from anywhere; under a minute)
//
// 1. `npm ci` here when package.json or package-lock.json changed since the last install
//    (Verdaccio is not in the pnpm workspace, as bench/'s tools are not);
// 2. copies the repository as it is in the working tree, committed or not (the workspace's
//    manifests, lockfile, patches, pending changesets and the public packages' sources, no
//    build output), into a temporary folder, linked to the working tree's node_modules;
// 3. `pnpm version-packages` (changeset version) in the copy: the bump the changesets ask
//    for, the CHANGELOG entry, the changesets consumed;
// 4. builds the public packages in the copy and commits the result to the copy's own git
//    repository (for the tag `changeset publish` makes; the real repository never sees it);
// 5. starts a local registry (registry.mjs: Verdaccio on 127.0.0.1, no uplinks) with a
//    throw-away user, and `changeset publish` (pnpm publish) to it. Before publishing, the
//    copy's pnpm and npm must both resolve the registry to that local one, under a user
//    configuration of its own (no token of yours is visible), or the rehearsal stops;
// 6. installs @plankit/checkout@<new version> with npm into a fresh app (@plankit from the
//    local registry, React and the package's dependencies from your usual registry), checks
//    it is the tarball just published, and renders the plan step there on the server: the
//    plan's name, the card fields in the payment slot and a Pay button;
// 7. prints the new version and its CHANGELOG entry.
//
// A failing step stops the rehearsal and names the step, with the end of its output. The
// registry and the temporary folders go in every case, on SIGINT, SIGTERM and SIGHUP too;
// the registry also exits by itself when this process dies (see registry.mjs).
// The registry listens on RELEASE_REHEARSAL_PORT, or on a free port the OS picks.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const PACKAGE = '@plankit/checkout';
const PLAN_NAME = 'Rehearsal Plan';
const BUMPS = ['patch', 'minor', 'major'];

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A failed step: `message` says what went wrong, `output` is what the command printed. */
class StepError extends Error {
  constructor(message, output = '') {
    super(message);
    this.output = output;
  }
}

// ---------------------------------------------------------------------------------------
// Processes and clean-up

/** Commands running now (each in its own process group), stopped on a signal. */
const running = new Set();
/** The registry process, once started. */
let registry = null;
/** The temporary folder that holds every other one of this run. */
let tempRoot = null;
let cleaning = null;
/** The step running now, named in failures and on signals. */
let current = '';

function killGroup(child, signal = 'SIGTERM') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops whatever still runs, then removes the temporary folders. Safe to call twice. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const child of running) killGroup(child);
    if (registry && registry.exitCode === null && registry.signalCode === null) {
      const exited = new Promise((resolve) => registry.once('exit', resolve));
      registry.stdin.end();
      registry.kill('SIGTERM');
      const timer = setTimeout(() => registry.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    // fs.rm never follows the copy's node_modules links into the working tree.
    if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
  })();
  return cleaning;
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
for (const [signal, number] of Object.entries(SIGNALS)) {
  process.once(signal, () => {
    console.error(
      `\n## release rehearsal: ${signal}${current ? ` at ${current}` : ''}; stopping the registry, removing the temporary folders`,
    );
    cleanUp().finally(() => process.exit(128 + number));
  });
}

/**
 * Runs a command in its own process group and resolves with its output (stdout and stderr
 * together; stdout alone with `stdoutOnly`). Rejects with a StepError when it fails, cannot
 * start or outlives `timeoutMs`.
 */
function run(
  command,
  args,
  { cwd, env = process.env, timeoutMs = 180_000, stdoutOnly = false } = {},
) {
  const commandLine = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    let stdout = '';
    const collect = (chunk) => {
      output = (output + chunk).slice(-200_000);
    };
    child.stdout.on('data', (chunk) => {
      collect(chunk);
      if (stdoutOnly) stdout += chunk;
    });
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(new StepError(`cannot run ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code === 0) resolve(stdoutOnly ? stdout : output);
      else if (timedOut) {
        reject(new StepError(`${commandLine} took longer than ${timeoutMs / 1000} s`, output));
      } else reject(new StepError(`${commandLine} failed (${signal ?? `exit ${code}`})`, output));
    });
  });
}

let stepCount = 0;

/** Runs one step of the rehearsal; prints its name, then `ok` with its time and a note. */
async function step(label, action) {
  stepCount += 1;
  current = `${stepCount}. ${label}`;
  console.log(`## ${current}`);
  const at = Date.now();
  const note = await action();
  console.log(`   ok in ${seconds(at)}${note ? `: ${note}` : ''}`);
}

// ---------------------------------------------------------------------------------------
// The repository

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The workspace folders (apps/web, packages/checkout, …), from pnpm-workspace.yaml. */
function workspaceFolders(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...yaml.matchAll(/^\s+-\s+['"]?([\w.-]+)\/\*['"]?\s*$/gm)].map((m) => m[1]);
  return globs.flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')),
      )
      .map((entry) => `${parent}/${entry.name}`),
  );
}

/** The version a catalog entry of pnpm-workspace.yaml pins (`react: 19.3.1`). */
function catalogVersion(root, name) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const catalog = /^catalog:\n((?:[ \t]+.*\n?)*)/m.exec(yaml)?.[1] ?? '';
  const match = new RegExp(`^\\s+["']?${name}["']?:\\s*["']?([^\\s"']+)`, 'm').exec(catalog);
  if (!match) throw new StepError(`pnpm-workspace.yaml has no catalog entry for ${name}`);
  return match[1];
}

/** Pending changesets: their file names and the bump each asks for PACKAGE. */
function pendingChangesets(changesetDir) {
  return readdirSync(changesetDir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const text = readFileSync(join(changesetDir, name), 'utf8');
      const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
      const bump = /^\s*['"]?@plankit\/checkout['"]?\s*:\s*(patch|minor|major)\s*$/m.exec(front);
      return { name, bump: bump?.[1] ?? null };
    });
}

function bumped(version, bump) {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

// What .gitignore keeps out of the repository: build output, installs, local data.
const NOT_COPIED = new Set([
  'node_modules',
  'dist',
  '.turbo',
  '.next',
  '.data',
  '.pack',
  '.consumer',
  'coverage',
  'test-results',
  'playwright-report',
]);

/**
 * Copies what installing, versioning, building and publishing need: the root's manifest,
 * lockfile, workspace file, shared tsconfig and patches, the pending changesets, every
 * workspace's package.json (changesets checks that its ignored packages exist) and the
 * public packages whole, without build output.
 */
function copyRepository(to) {
  for (const file of [
    'package.json',
    'pnpm-workspace.yaml',
    'pnpm-lock.yaml',
    'tsconfig.base.json',
    '.gitignore',
    '.npmrc',
  ]) {
    if (existsSync(join(repoRoot, file))) cpSync(join(repoRoot, file), join(to, file));
  }
  for (const folder of ['patches', '.changeset']) {
    if (existsSync(join(repoRoot, folder))) {
      cpSync(join(repoRoot, folder), join(to, folder), { recursive: true });
    }
  }
  const publicPackages = [];
  for (const folder of workspaceFolders(repoRoot)) {
    const manifest = readJson(join(repoRoot, folder, 'package.json'));
    if (manifest.private) {
      mkdirSync(join(to, folder), { recursive: true });
      cpSync(join(repoRoot, folder, 'package.json'), join(to, folder, 'package.json'));
    } else {
      cpSync(join(repoRoot, folder), join(to, folder), {
        recursive: true,
        filter: (source) =>
          !NOT_COPIED.has(basename(source)) && !/\.(tgz|tsbuildinfo)$/.test(source),
      });
      publicPackages.push({ folder, name: manifest.name, version: manifest.version });
    }
  }
  return publicPackages;
}

// ---------------------------------------------------------------------------------------
// Registry and environment

// Variables that could carry a registry or a credential into the publishing commands.
const REGISTRY_OR_AUTH =
  /^(npm_config_.*(registry|auth|token|userconfig)|npm_token|node_auth_token)/i;

/** The environment without any registry or credential setting, plus `extra`. */
function envWithoutRegistry(extra) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!REGISTRY_OR_AUTH.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** Starts registry.mjs and resolves with its port once it listens. */
function startRegistry(folder, port) {
  return new Promise((resolve, reject) => {
    registry = spawn(process.execPath, [join(here, 'registry.mjs'), folder, String(port)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      reject(new StepError('the registry did not listen within 30 s', output));
    }, 30_000);
    registry.stderr.on('data', (chunk) => {
      output += chunk;
    });
    registry.stdout.on('data', (chunk) => {
      output += chunk;
      const listening = /^listening (\d+)$/m.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    registry.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new StepError(`the registry stopped (${signal ?? `exit ${code}`})`, output));
    });
  });
}

/** Registers a throw-away user with the registry; resolves with its token. */
async function createUser(registryUrl) {
  const name = 'rehearsal';
  const response = await fetch(`${registryUrl}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: randomBytes(18).toString('base64url') }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || typeof body.token !== 'string') {
    throw new StepError(
      `the registry refused a user: HTTP ${response.status}`,
      JSON.stringify(body),
    );
  }
  return body.token;
}

// ---------------------------------------------------------------------------------------
// The fresh app's server render

const RENDER_SCRIPT = `// Written by scripts/release-rehearsal/rehearse.mjs: the plan step, rendered on the server.
import { PlanStep, parseCatalog, TestCardFields } from '@plankit/checkout';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'rehearsal', name: ${JSON.stringify(PLAN_NAME)}, prices: { monthly: { EUR: 1200 } } }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});
const html = renderToString(
  createElement(PlanStep, {
    catalog,
    plan: catalog.plans[0],
    action: async (state) => state,
    plansHref: '/',
    payment: createElement(TestCardFields),
  }),
);
process.stdout.write(JSON.stringify({ html }));
`;

/** The visible submit buttons' text in server-rendered HTML. */
function visibleButtons(html) {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .filter(([, attributes]) => !/aria-hidden="true"/.test(attributes))
    .map(([, , inner]) => inner.replace(/<[^>]+>/g, '').trim());
}

// ---------------------------------------------------------------------------------------
// The rehearsal

async function rehearse() {
  const portSetting = process.env.RELEASE_REHEARSAL_PORT;
  const port = portSetting ? Number(portSetting) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StepError(`RELEASE_REHEARSAL_PORT is not a port: ${portSetting}`);
  }
  if (port) {
    // A taken port would only show after the install and the build: find out now.
    await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (error) =>
        reject(new StepError(`RELEASE_REHEARSAL_PORT ${port} cannot be used: ${error.code}`)),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(resolve));
    });
  }
  try {
    await run('pnpm', ['--version'], { timeoutMs: 30_000 });
  } catch {
    throw new StepError('pnpm is not on PATH: npm i -g pnpm@10 (npm test bootstraps it)');
  }

  tempRoot = mkdtempSync(join(tmpdir(), 'plankit-rehearsal-'));
  const copy = join(tempRoot, 'repo');
  const app = join(tempRoot, 'app');
  const registryDir = join(tempRoot, 'registry');
  const publishNpmrc = join(tempRoot, 'publish.npmrc');
  for (const folder of [copy, app, registryDir]) mkdirSync(folder);

  let publicPackages = [];
  let before = '';
  let version = '';
  let registryUrl = '';
  let changelogEntry = '';
  let publishedIntegrity = '';

  await step('registry tools (npm ci in scripts/release-rehearsal)', async () => {
    const hash = createHash('sha256')
      .update(readFileSync(join(here, 'package.json')))
      .update(readFileSync(join(here, 'package-lock.json')))
      .digest('hex');
    const stamp = join(here, 'node_modules', '.plankit-lock.sha256');
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return 'up to date';
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here });
    writeFileSync(stamp, hash);
    return 'installed';
  });

  await step('copy the repository (working tree, no build output)', async () => {
    publicPackages = copyRepository(copy);
    const checkout = publicPackages.find((entry) => entry.name === PACKAGE);
    if (!checkout) throw new StepError(`no public workspace package is named ${PACKAGE}`);
    before = checkout.version;
    return `${tempRoot}; public: ${publicPackages.map((entry) => entry.name).join(', ')}`;
  });

  await step("link the working tree's node_modules (the maintainer's install)", async () => {
    // `pnpm release` runs in the maintainer's installed checkout: the copy uses that same
    // install (pnpm's links are relative to the real folders, so they resolve through a
    // symlink), which costs nothing, where a second install and its removal took 40 s.
    const folders = ['.', ...publicPackages.map((entry) => entry.folder)];
    for (const folder of folders) {
      const installed = join(repoRoot, folder, 'node_modules');
      if (!existsSync(folder === '.' ? join(installed, '.modules.yaml') : installed)) {
        throw new StepError(`${join(folder, 'node_modules')} is missing: run pnpm install first`);
      }
      symlinkSync(installed, join(copy, folder, 'node_modules'), 'dir');
    }
    return folders.map((folder) => join(folder, 'node_modules')).join(', ');
  });

  await step('pnpm version-packages (changeset version)', async () => {
    const changesetDir = join(copy, '.changeset');
    let pending = pendingChangesets(changesetDir);
    let note = `${pending.length} pending changesets`;
    if (!pending.some((changeset) => changeset.bump)) {
      // Nothing to release: rehearse a patch release, so publishing still gets rehearsed.
      writeFileSync(
        join(changesetDir, 'release-rehearsal.md'),
        `---\n'${PACKAGE}': patch\n---\n\nRelease rehearsal (no changeset was pending).\n`,
      );
      pending = pendingChangesets(changesetDir);
      note = `no changeset for ${PACKAGE} was pending: rehearsing a patch release`;
    }
    const bump = pending.reduce(
      (biggest, { bump }) =>
        bump && BUMPS.indexOf(bump) > BUMPS.indexOf(biggest) ? bump : biggest,
      'patch',
    );
    await run('pnpm', ['run', 'version-packages'], { cwd: copy });

    version = readJson(join(copy, 'packages/checkout/package.json')).version;
    const expected = bumped(before, bump);
    if (version !== expected) {
      throw new StepError(
        `${PACKAGE} is at ${version} after changeset version; the changesets ask for ${bump}: ${expected}`,
      );
    }
    const changelog = readFileSync(join(copy, 'packages/checkout/CHANGELOG.md'), 'utf8');
    if (!changelog.includes(`\n## ${version}\n`)) {
      throw new StepError(`packages/checkout/CHANGELOG.md has no "## ${version}" entry`);
    }
    const left = pendingChangesets(changesetDir).map((changeset) => changeset.name);
    if (left.length > 0) throw new StepError(`changesets left unconsumed: ${left.join(', ')}`);
    return `${note}; ${PACKAGE} ${before} -> ${version} (${bump})`;
  });

  await step('build the public packages (in the copy)', async () => {
    for (const { name } of publicPackages) {
      await run('pnpm', ['--filter', name, 'run', 'build'], { cwd: copy });
    }
    if (!existsSync(join(copy, 'packages/checkout/dist/index.js'))) {
      throw new StepError('the build wrote no packages/checkout/dist/index.js');
    }
  });

  // `changeset publish` tags what it published. The copy gets a git repository of its own,
  // so the tag is made and checked there, and never reaches the real repository. No global
  // or system git configuration: no signing prompts, no hooks.
  const gitSettings = {
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Release rehearsal',
    GIT_AUTHOR_EMAIL: 'rehearsal@plankit.invalid',
    GIT_COMMITTER_NAME: 'Release rehearsal',
    GIT_COMMITTER_EMAIL: 'rehearsal@plankit.invalid',
  };
  const gitEnv = { ...process.env, ...gitSettings };
  let hasGit = true;
  await step('commit the versioned copy (a git repository of its own)', async () => {
    try {
      await run('git', ['--version'], { env: gitEnv, timeoutMs: 30_000 });
    } catch {
      hasGit = false;
      return 'git is not installed: changeset publish will not tag, and the tag is not checked';
    }
    writeFileSync(join(tempRoot, 'exclude'), 'node_modules\n');
    for (const args of [
      ['init', '--quiet', '--initial-branch=main'],
      // The node_modules links are not folders, so .gitignore's `node_modules/` misses them.
      ['config', 'core.excludesFile', join(tempRoot, 'exclude')],
      ['add', '--all'],
      ['commit', '--quiet', '--message', `Version packages (release rehearsal of ${version})`],
    ]) {
      await run('git', args, { cwd: copy, env: gitEnv });
    }
  });

  await step('start the local registry (Verdaccio, 127.0.0.1)', async () => {
    const listening = await startRegistry(registryDir, port);
    registryUrl = `http://127.0.0.1:${listening}/`;
    const token = await createUser(registryUrl);
    const host = registryUrl.replace(/^http:/, '');
    writeFileSync(
      publishNpmrc,
      `registry=${registryUrl}\n@plankit:registry=${registryUrl}\n${host}:_authToken=${token}\n`,
    );
    return `${registryUrl} (port ${port ? 'RELEASE_REHEARSAL_PORT' : 'picked by the OS'}), a throw-away user`;
  });

  await step('changeset publish (pnpm publish, to the local registry only)', async () => {
    const publishEnv = envWithoutRegistry({
      ...gitSettings,
      NPM_CONFIG_USERCONFIG: publishNpmrc,
      npm_config_registry: registryUrl,
      'npm_config_@plankit:registry': registryUrl,
    });
    // What pnpm and npm will publish to, asked the way they will be run. Anything but the
    // local registry stops the rehearsal before a package leaves the machine.
    const packageDir = join(copy, 'packages/checkout');
    for (const [tool, key] of [
      ['pnpm', 'registry'],
      ['pnpm', '@plankit:registry'],
      ['npm', 'registry'],
      ['npm', '@plankit:registry'],
    ]) {
      const value = (
        await run(tool, ['config', 'get', key], {
          cwd: packageDir,
          env: publishEnv,
          stdoutOnly: true,
        })
      )
        .trim()
        .replace(/\/?$/, '/');
      if (value !== registryUrl) {
        throw new StepError(`refusing to publish: ${tool} resolves ${key} to ${value}`);
      }
    }
    const output = await run('pnpm', ['exec', 'changeset', 'publish'], {
      cwd: copy,
      env: publishEnv,
    });
    if (!output.includes(`${PACKAGE}@${version}`)) {
      throw new StepError(`changeset publish did not publish ${PACKAGE}@${version}`, output);
    }

    const response = await fetch(`${registryUrl}${PACKAGE.replace('/', '%2f')}`);
    if (!response.ok) {
      throw new StepError(`the registry has no ${PACKAGE}: HTTP ${response.status}`);
    }
    const packument = await response.json();
    const manifest = packument.versions?.[version];
    if (!manifest) throw new StepError(`the registry has no ${PACKAGE}@${version}`);
    publishedIntegrity = manifest.dist?.integrity ?? '';
    if (packument['dist-tags']?.latest !== version) {
      throw new StepError(`the latest tag is ${packument['dist-tags']?.latest}, not ${version}`);
    }
    const ranges = JSON.stringify({ ...manifest.dependencies, ...manifest.peerDependencies });
    if (/"(catalog|workspace):/.test(ranges)) {
      throw new StepError(`the published manifest has unresolved ranges: ${ranges}`);
    }
    if (hasGit) {
      const tags = await run('git', ['tag', '--list', `${PACKAGE}@${version}`], {
        cwd: copy,
        env: gitEnv,
      });
      if (tags.trim() !== `${PACKAGE}@${version}`) {
        throw new StepError(`changeset publish made no git tag ${PACKAGE}@${version}`, output);
      }
    }
    return `${PACKAGE}@${version}, dist-tag latest${hasGit ? `, git tag ${PACKAGE}@${version}` : ''}`;
  });

  await step(`npm install ${PACKAGE}@${version} in a fresh app`, async () => {
    const react = catalogVersion(repoRoot, 'react');
    const reactDom = catalogVersion(repoRoot, 'react-dom');
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'plankit-rehearsal-app', private: true, type: 'module' }, null, 2)}\n`,
    );
    // Only @plankit comes from the local registry; `--prefer-online` so that no metadata
    // cached by an earlier rehearsal (another build of the same version) is trusted.
    await run(
      'npm',
      [
        'install',
        `--@plankit:registry=${registryUrl}`,
        '--prefer-online',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${PACKAGE}@${version}`,
        `react@${react}`,
        `react-dom@${reactDom}`,
      ],
      { cwd: app },
    );
    const installed = join(app, 'node_modules/@plankit/checkout');
    const installedVersion = readJson(join(installed, 'package.json')).version;
    if (installedVersion !== version) {
      throw new StepError(`npm installed ${PACKAGE}@${installedVersion}, not ${version}`);
    }
    // The very tarball the rehearsal published, not one of the same version from elsewhere.
    const lock = readJson(join(app, 'node_modules/.package-lock.json'));
    const integrity = lock.packages?.['node_modules/@plankit/checkout']?.integrity;
    if (!publishedIntegrity || integrity !== publishedIntegrity) {
      throw new StepError(
        `the installed tarball (${integrity}) is not the published one (${publishedIntegrity})`,
      );
    }
    const changelog = readFileSync(join(installed, 'CHANGELOG.md'), 'utf8');
    const start = changelog.indexOf(`\n## ${version}\n`);
    if (start < 0) throw new StepError(`the installed CHANGELOG.md has no "## ${version}" entry`);
    const end = changelog.indexOf('\n## ', start + 1);
    changelogEntry = changelog.slice(start + 1, end < 0 ? undefined : end).trim();
    return `react ${react}, react-dom ${reactDom}`;
  });

  await step('render the plan step on the server (the fresh app)', async () => {
    writeFileSync(join(app, 'render.mjs'), RENDER_SCRIPT);
    const output = await run(process.execPath, ['render.mjs'], {
      cwd: app,
      timeoutMs: 60_000,
      stdoutOnly: true,
    });
    let html = '';
    try {
      ({ html } = JSON.parse(output));
    } catch {
      throw new StepError('render.mjs printed no HTML', output);
    }
    if (!html.includes(PLAN_NAME)) throw new StepError(`no "${PLAN_NAME}" in the HTML`, html);
    const pay = visibleButtons(html).find((text) => /^Pay\b/.test(text));
    if (!pay) throw new StepError('no visible Pay button in the HTML', html);
    if (!html.includes('Card number')) {
      throw new StepError('the payment slot (TestCardFields) is not in the HTML', html);
    }
    return `"${PLAN_NAME}", button "${pay}", card fields, ${html.length} characters of HTML`;
  });

  console.log(`\n## ${PACKAGE}@${version} (from ${before}): its CHANGELOG entry\n`);
  console.log(changelogEntry);
}

let failure = null;
try {
  await rehearse();
} catch (error) {
  failure = error;
}
try {
  await cleanUp();
} catch (error) {
  failure ??= new StepError(`cleaning up failed: ${error.message}`);
}
if (!failure && tempRoot && existsSync(tempRoot)) {
  failure = new StepError(`the temporary folder ${tempRoot} is still there`);
}
if (failure) {
  process.exitCode = 1;
  const output = failure instanceof StepError ? failure.output.trim() : (failure?.stack ?? '');
  if (output) {
    const lines = output.split('\n');
    console.error(`\n## output (last ${Math.min(lines.length, 60)} lines)\n`);
    console.error(lines.slice(-60).join('\n'));
  }
  console.error(
    `\n## release rehearsal FAILED${current ? ` at ${current}` : ''}: ${failure?.message ?? failure}`,
  );
} else {
  console.log(
    `\n## release rehearsal: ok in ${seconds(started)} (registry stopped, temporary folders removed)`,
  );
}
