// What every Playwright suite here shares (apps/web, examples/next, examples/vite): one
// worker and no retries (a production server per suite, a 2-core machine), Debian's
// Chromium with this machine's flags (chromium.mjs), and a webServer the suite starts
// itself on its own port, never reusing one that something else left running.
import { chromiumArgs, chromiumPath } from './chromium.mjs';

/** A Playwright config for the suite in ./e2e against the server `webServer` starts. */
export function browserTestConfig({ port, webServer }) {
  return {
    testDir: './e2e',
    fullyParallel: false,
    workers: 1,
    retries: 0,
    timeout: 30_000,
    expect: { timeout: 10_000 },
    reporter: [['list']],
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      trace: 'off',
      screenshot: 'only-on-failure',
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    },
    webServer: { reuseExistingServer: false, stdout: 'pipe', stderr: 'pipe', ...webServer },
  };
}
