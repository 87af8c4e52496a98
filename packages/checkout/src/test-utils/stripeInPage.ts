// 3-D Secure in the buyer's page, as the Stripe.js stand-in does it: the engine answers the
// form with the intent's client secret (no redirect), and the buyer approves or refuses on
// the fake's 3-D Secure page.
import type { SubmitResult } from '../views/types.js';
import { expectState } from './engineHarness.js';

export function authenticateInPage(result: SubmitResult, fakeUrl: string) {
  const next = expectState(result).nextAction;
  if (!next) throw new Error('expected an action in the page');
  const sessionId = new URL(next.returnUrl, 'https://shop.example').searchParams.get('session');
  const intentId = next.clientSecret.split('_secret_')[0] ?? '';
  const decide = (decision: 'approve' | 'refuse') =>
    fetch(`${fakeUrl}/3ds/${intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ decision }),
      redirect: 'manual',
    });
  return {
    sessionId: sessionId ?? '',
    intentId,
    approve: () => decide('approve'),
    refuse: () => decide('refuse'),
  };
}
