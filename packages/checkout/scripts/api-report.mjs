#!/usr/bin/env node
// The public API report for maintainers (issue 14): API Extractor reads the built
// declarations (dist/*.d.ts) of every code entry of package.json "exports" and writes what
// each one exports, signatures included, to api/<entry>.api.md. The reports are
// committed, so a pull request that changes the public API shows it in their diff, and
// the reviewer picks the changeset bump (root README, "Publishing").
//
//   node scripts/api-report.mjs            check: fails when an entry's API differs from its
//                                          committed report (test/api.test.ts runs this)
//   node scripts/api-report.mjs --update   rewrite the reports
//
// Reads dist as it is: `pnpm --filter @plankit/checkout api:update` builds first, then
// runs --update; in the tests, turbo has built the package before.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = join(packageDir, 'api');
const UPDATE_COMMAND = 'pnpm --filter @plankit/checkout api:update';
const update = process.argv.includes('--update');
/** API Extractor's routine console lines; its diff and its errors still print. */
const QUIET = new Set([
  'console-preamble',
  'console-compiler-version-notice',
  'console-writing-api-report',
  'console-api-report-created',
  'console-api-report-copied',
  'console-api-report-not-copied',
  'console-api-report-unchanged',
]);

const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

/** Every code entry of "exports" with its declaration file: `.` → index, `./server` → server. */
const entries = Object.entries(manifest.exports)
  .filter(([, target]) => typeof target === 'object' && target?.types)
  .map(([entry, target]) => ({
    entry,
    name: entry === '.' ? 'index' : entry.slice(2).replaceAll('/', '-'),
    types: join(packageDir, target.types),
  }));

for (const { types } of entries) {
  if (!existsSync(types)) {
    console.error(`${types} is missing: run \`pnpm --filter @plankit/checkout build\` first.`);
    process.exit(1);
  }
}

/** The lines only the committed report has (-) and only the new one has (+), at most 30. */
function changedLines(committedFile, newFile) {
  const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
  const [before, after] = [read(committedFile), read(newFile)];
  const [had, has] = [new Set(before), new Set(after)];
  const lines = [
    ...before.filter((line) => line.trim() && !has.has(line)).map((line) => `    - ${line}`),
    ...after.filter((line) => line.trim() && !had.has(line)).map((line) => `    + ${line}`),
  ];
  return lines.length > 30 ? [...lines.slice(0, 30), `    … ${lines.length - 30} more`] : lines;
}

// API Extractor writes each new report to a temp folder and compares; a folder of our own
// per run, so two runs at once on one machine never share one.
const tempDir = mkdtempSync(join(tmpdir(), 'plankit-api-'));
if (update) mkdirSync(reportDir, { recursive: true });
const changed = [];
try {
  for (const { entry, name, types } of entries) {
    const config = ExtractorConfig.prepare({
      configObjectFullPath: undefined,
      packageJsonFullPath: join(packageDir, 'package.json'),
      configObject: {
        projectFolder: packageDir,
        mainEntryPointFilePath: types,
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'es2022',
              module: 'nodenext',
              moduleResolution: 'nodenext',
              lib: ['es2023', 'dom', 'dom.iterable'],
              types: ['node'],
              jsx: 'react-jsx',
              strict: true,
              skipLibCheck: true,
            },
            files: [types],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: name,
          reportFolder: reportDir,
          reportTempFolder: tempDir,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          // What a reviewer should see goes into the report itself, not the console:
          // a type the API uses but the entry does not export shows as a warning there.
          compilerMessageReporting: { default: { logLevel: 'warning' } },
          extractorMessageReporting: {
            default: { logLevel: 'warning', addToApiReportFile: true },
            // Release tags (@public, @beta) are not used in this package.
            'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      // API Extractor's own console lines (its TypeScript version, "copy this file to …")
      // give way to the one message below that names the command to run.
      messageCallback: (message) => {
        if (QUIET.has(message.messageId)) message.handled = true;
      },
    });
    if (result.errorCount > 0) {
      throw new Error(`API Extractor failed on ${entry} (${types}): see the messages above`);
    }
    if (result.apiReportChanged) {
      const file = join('api', `${name}.api.md`);
      changed.push({
        entry,
        file,
        lines: changedLines(join(packageDir, file), join(tempDir, `${name}.api.md`)),
      });
    }
  }
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}

// A report of an entry that no longer exists is stale too.
const expected = new Set(entries.map(({ name }) => `${name}.api.md`));
const stale = existsSync(reportDir)
  ? readdirSync(reportDir).filter((file) => file.endsWith('.api.md') && !expected.has(file))
  : [];
if (update) {
  for (const file of stale) rmSync(join(reportDir, file));
  const touched = [
    ...changed.map(({ file }) => file),
    ...stale.map((file) => `api/${file} (removed)`),
  ];
  console.log(
    touched.length === 0
      ? 'API reports: unchanged.'
      : `API reports updated: ${touched.join(', ')}. Commit them with a changeset (README, "Publishing").`,
  );
} else if (changed.length > 0 || stale.length > 0) {
  console.error(
    [
      'The public API of @plankit/checkout changed, and its committed report was not updated:',
      ...changed.flatMap(({ entry, file, lines }) => [
        `  ${entry}: packages/checkout/${file}`,
        ...lines,
      ]),
      ...stale.map((file) => `  packages/checkout/api/${file}: no such entry any more`),
      '',
      `Run \`${UPDATE_COMMAND}\`, review the diff of packages/checkout/api/,`,
      'and add a changeset with the bump it needs (root README, "Publishing").',
    ].join('\n'),
  );
  process.exit(1);
} else {
  console.log(`API reports match (${entries.map(({ entry }) => entry).join(', ')}).`);
}
