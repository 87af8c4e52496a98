// Issue 12, item 9 (the address part): the client address is the TCP peer's; a client's own
// `x-forwarded-for` counts only through PLANKIT_TRUSTED_PROXY_HOPS trusted proxies (default
// 0). An attacker rotating the header is still one client, so the per-client limit on
// declined payments (10 in 15 minutes) stops them, and the per-client limit on unknown promo
// codes (20 in 15 minutes) stops guessing.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { makeFields, planStepForm, post, tokenize, visibleText } from './formPost';
import { extraPort, type Host, startHost } from './host';

const DECLINED = '4000 0000 0000 0002';
let host: Host;

test.beforeAll(async () => {
  // A host of its own: the declines below must not throttle the rest of the suite.
  host = await startHost(extraPort(3), {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-address-')),
  });
});

test.afterAll(async () => {
  await host?.stop();
});

test.describe('a card tester rotating x-forwarded-for', () => {
  test('is one client: after 10 declines the 11th attempt is refused', async () => {
    test.setTimeout(90_000);
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const paymentMethod = await tokenize(host.baseURL, DECLINED);
      const form = await planStepForm(
        host.baseURL,
        makeFields({ email: `tester${i}@example.com`, paymentMethod }),
      );
      const answer = await post(host.baseURL, form, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(answer.status).toBe(200);
      answers.push(visibleText(answer.body));
    }
    for (const text of answers.slice(0, 10)) {
      expect(text).toContain('Your card was declined. Try another card.');
    }
    expect(answers[10]).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
  });
});

test.describe('a promo code guesser (issue 12, item 10)', () => {
  test('after 20 unknown codes even a real one is not looked up for that client', async () => {
    test.setTimeout(90_000);
    const apply = async (promo: string, address: string) => {
      const form = await planStepForm(
        host.baseURL,
        makeFields({ email: 'guesser@example.com', promo, intent: 'apply-promo' }),
      );
      const answer = await post(host.baseURL, form, { headers: { 'x-forwarded-for': address } });
      expect(answer.status).toBe(200);
      return visibleText(answer.body);
    };
    for (let i = 0; i < 20; i++) {
      // Rotating the header changes nothing: the client is the socket's address.
      expect(await apply(`GUESS${i}`, `198.51.100.${i + 1}`)).toContain(
        'We do not know this promo code.',
      );
    }
    const refused = await apply('LAUNCH20', '198.51.100.99');
    expect(refused).toMatch(/Too many promo codes tried\. Try again in \d+ minutes?\./);
    expect(refused).not.toContain('LAUNCH20 applied');
  });
});

// The rule itself (hops trusted, more hops than entries, no header) is a unit test of the
// adapter: packages/checkout/src/next/clientAddress.test.ts.
