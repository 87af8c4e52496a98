import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserTestConfig } from '../../scripts/browser-tests.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// The receivers e2e/after-purchase.spec.ts starts (a Standard Webhooks endpoint and an SMTP
// server): configurable ports, by default E2E_PORT + 5 and + 6 (+ 1 to + 3 are extra hosts
// of other specs). The server sends its webhooks and emails there; other specs' events
// find nobody listening and are retried later.
const webhookPort = Number(process.env.E2E_WEBHOOK_PORT ?? port + 5);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 6);
process.env.E2E_WEBHOOK_PORT = String(webhookPort);
process.env.E2E_SMTP_PORT = String(smtpPort);
// A fixed test secret (base64 of 32 bytes): the spec verifies every webhook with it.
const E2E_WEBHOOK_SECRET = 'whsec_cGxhbmtpdC1lMmUtd2ViaG9vay1zZWNyZXQtMzJieXQ=';
process.env.E2E_WEBHOOK_SECRET = E2E_WEBHOOK_SECRET;
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
      env: {
        PLANKIT_DATA_DIR: dataDir,
        PORT: String(port),
        PLANKIT_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/webhooks/plankit`,
        PLANKIT_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        PLANKIT_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PLANKIT_MAIL_FROM: 'Plankit Demo <receipts@plankit.test>',
        PLANKIT_PUBLIC_URL: `http://127.0.0.1:${port}`,
        PLANKIT_MERCHANT_ADDRESS: '1 Demo Street; 10115 Berlin; Germany',
      },
    },
  }),
);
