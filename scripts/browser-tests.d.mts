/** How a suite's server starts (Playwright's `webServer`, the options used here). */
export interface BrowserTestServer {
  command: string;
  /** Polled until it answers; the tests start then. */
  url: string;
  cwd?: string;
  timeout?: number;
  env?: Record<string, string>;
}

/** A Playwright config for the suite in ./e2e against the server `webServer` starts. */
export declare function browserTestConfig(options: {
  port: number;
  webServer: BrowserTestServer;
}): {
  testDir: string;
  fullyParallel: boolean;
  workers: number;
  retries: number;
  timeout: number;
  expect: { timeout: number };
  reporter: ['list'][];
  use: {
    baseURL: string;
    trace: 'off';
    screenshot: 'only-on-failure';
    launchOptions: { executablePath: string; args: string[] };
  };
  webServer: BrowserTestServer & {
    reuseExistingServer: boolean;
    stdout: 'pipe';
    stderr: 'pipe';
  };
};
