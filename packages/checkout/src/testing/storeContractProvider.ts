import { describe, expect, it } from 'vitest';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion } from './storeFixtures.js';

/** What the store keeps for the payment provider: intents, webhook events, the provider in use. */
export function describeProviderRecords(t: StoreContractContext): void {
  const { started } = t;
  const store = () => t.store();

  describe('the provider’s records', () => {
    it('an intent is recorded for the current attempt only, and finds its session', async () => {
      const session = await started();
      expect(await store().recordIntent(session.id, 2, 'pi_other')).toBe(false);
      expect(await store().recordIntent(session.id, 1, 'pi_1')).toBe(true);
      expect(await store().getSessionByIntent('pi_1')).toMatchObject({
        id: session.id,
        providerPaymentId: 'pi_1',
      });
      expect(await store().getSessionByIntent('pi_unknown')).toBeNull();
      // Settled, the attempt is no longer the one to record an intent for.
      await store().applyEvent({
        sessionId: session.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(session),
      });
      expect(await store().recordIntent(session.id, 1, 'pi_late')).toBe(false);
    });

    it('a webhook event is recorded once', async () => {
      expect(await store().hasProviderEvent('test', 'evt_1')).toBe(false);
      expect(await store().recordProviderEvent('test', 'evt_1')).toBe(true);
      expect(await store().recordProviderEvent('test', 'evt_1')).toBe(false);
      expect(await store().hasProviderEvent('test', 'evt_1')).toBe(true);
      expect(await store().hasProviderEvent('stripe', 'evt_1')).toBe(false);
    });

    it('remembers the provider the engines run with', async () => {
      expect(await store().activeProvider()).toBeNull();
      await store().setActiveProvider('test');
      expect(await store().activeProvider()).toBe('test');
    });
  });
}
