import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * Every browser test runs with this `test`: it fails a test when the page reports a Content
 * Security Policy violation, in the console or as a `securitypolicyviolation` event, at any
 * point of its journey (issue 12, item 12). A policy that blocks one of our own scripts
 * breaks the page silently otherwise: the form would still post, just without JavaScript.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchForViolations(context);
      await use(violations);
      expect(violations, 'Content Security Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Collects CSP violations of every page of a context (also for contexts a test makes). */
export async function watchForViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|securitypolicyviolation/i.test(text)) violations.push(text);
  });
  // The browser logs most violations to the console itself; the event also catches the
  // ones it only reports to the page (e.g. in a frame). Playwright's init scripts are not
  // subject to the page's policy.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}
