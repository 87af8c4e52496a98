import { defineConfig } from '@playwright/test';
import { browserTestConfig } from '../../scripts/browser-tests.mjs';

const port = Number(process.env.EXAMPLE_VITE_PORT || 4174);

/** Browser tests of the built example (`vite preview`), in Debian's Chromium. */
export default defineConfig(
  browserTestConfig({
    port,
    webServer: {
      command: `node node_modules/vite/bin/vite.js preview --port ${port} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port}/`,
      timeout: 30_000,
    },
  }),
);
