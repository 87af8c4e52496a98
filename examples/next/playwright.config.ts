import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserTestConfig } from '../../scripts/browser-tests.mjs';

const port = Number(process.env.EXAMPLE_NEXT_PORT || 3110);
const app = join(import.meta.dirname, '.consumer');
// The README's plankit.ts keeps PGlite in .data/plankit of the app's folder (the adapter's
// default): each run starts from an empty store. Only in the runner's own process: workers
// load this file too, while the server is using that folder.
if (process.env.TEST_WORKER_INDEX === undefined) {
  rmSync(join(app, '.data'), { recursive: true, force: true });
}

/**
 * Browser tests of the README's Next.js app: `next start` of the production build that
 * `prepare-app.mjs --build` made in .consumer/, in Debian's Chromium.
 */
export default defineConfig(
  browserTestConfig({
    port,
    webServer: {
      command: `node node_modules/next/dist/bin/next start --port ${port} --hostname 127.0.0.1`,
      cwd: app,
      // The finish page opens the store (PGlite starts and migrates on first use, several
      // seconds on a busy machine): the tests start once it has answered.
      url: `http://127.0.0.1:${port}/checkout/finish`,
      timeout: 60_000,
      // As the README's app reads them: no DATABASE_URL (PGlite), a secret of its own.
      env: {
        DATABASE_URL: '',
        PLANKIT_SECRET: 'example-next-secret-not-for-production-0123456789',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  }),
);
