// Issue 12, item 12: security headers and a Content Security Policy on every page. Every
// other journey in this suite runs under the policy too: e2e/fixtures.ts fails a test on
// any violation the browser reports.
import { expect, test, watchForViolations } from './fixtures';

/** The policy as a map of directive → values. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

test.describe('the plan step, rendered once per server process', () => {
  test('is served as a static page, with its inline scripts allowed by hash', async ({
    request,
  }) => {
    const response = await request.get('/checkout/starter');
    const headers = response.headers();
    // The HTML this process rendered once (the adapter's staticPages.ts), not rendered per request;
    // kept by caches only as long as it is still the same (a new build or configuration).
    expect(headers['x-plankit-page']).toBe('rendered-once');
    expect(headers['cache-control']).toBe('no-cache');
    const again = await request.get('/checkout/starter', {
      headers: { 'if-none-match': headers.etag ?? '' },
    });
    expect(again.status()).toBe(304);
    const policy = directives(headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(
      policy['script-src']?.filter((value) => value.startsWith("'sha256-")).length,
    ).toBeGreaterThan(0);
    expect(headers['content-security-policy']).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Served over plain HTTP here: no HSTS (a browser would ignore it anyway).
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  test('behind an HTTPS proxy it sends HSTS', async ({ request }) => {
    const response = await request.get('/checkout/starter', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers()['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });
});

test.describe('the finish page, rendered per request', () => {
  test('allows its scripts by this response’s nonce and sends no referrer', async ({ request }) => {
    const response = await request.get(`/checkout/finish?session=cs_${'N0nc3N0n'.repeat(4)}`);
    const headers = response.headers();
    expect(headers['referrer-policy']).toBe('no-referrer');
    const nonce = directives(headers['content-security-policy'])
      ['script-src']?.find((value) => value.startsWith("'nonce-"))
      ?.slice("'nonce-".length, -1);
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce for every response.
    const again = await request.get(`/checkout/finish?session=cs_${'N0nc3N0n'.repeat(4)}`);
    expect(again.headers()['content-security-policy']).not.toContain(nonce);
  });
});

test.describe('click-jacking', () => {
  test('another site cannot frame the checkout', async ({ browser, baseURL }) => {
    // Its own context: the refusal is itself reported as a violation, which is the point.
    const context = await browser.newContext();
    try {
      const violations = await watchForViolations(context);
      const page = await context.newPage();
      await page.setContent(`<iframe src="${baseURL}/checkout/starter"></iframe>`);
      await expect.poll(() => violations.join('\n')).toMatch(/frame-ancestors/);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      // The browser shows its own error page in the frame, never the plan step.
      expect(frame).toBeDefined();
      await expect(
        frame?.getByRole('heading', { name: 'Starter' }) ?? page.locator('x'),
      ).toHaveCount(0);
      await expect(frame?.getByRole('button', { name: /^Pay / }) ?? page.locator('x')).toHaveCount(
        0,
      );
    } finally {
      await context.close();
    }
  });
});

test.describe('the violation watcher every journey runs with', () => {
  test('notices an injected inline script that the policy blocks', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const violations = await watchForViolations(context);
      const page = await context.newPage();
      await page.goto('/checkout/starter');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
      });
      await expect.poll(() => violations.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
