import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserTestConfig } from '../../scripts/browser-tests.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// Each run starts from an empty embedded store. The config is loaded again in each worker:
// the environment carries the folder over, so tests can find the server's folder
// (e2e/store-locked.spec.ts opens a second host on it).
const dataDir = process.env.PLANKIT_E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'plankit-e2e-'));
process.env.PLANKIT_E2E_DATA_DIR = dataDir;

/** End-to-end tests against the production build (`next start`), in Debian's Chromium. */
export default defineConfig(
  browserTestConfig({
    port,
    webServer: {
      command: `pnpm exec next start --port ${port} --hostname 127.0.0.1`,
      url: `http://127.0.0.1:${port}/fallback`,
      timeout: 60_000,
      env: { PLANKIT_DATA_DIR: dataDir, PORT: String(port) },
    },
  }),
);
