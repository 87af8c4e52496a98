import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  OpenedStore,
  StoreContractContext,
  StoreContractSubject,
} from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const MINUTE = 60_000;

/** Concurrent callers through two stores on the same data. */
export function describeConcurrency(t: StoreContractContext, subject: StoreContractSubject): void {
  const { advance, started } = t;
  const store = () => t.store();
  const { openSibling } = subject;
  describe.skipIf(!openSibling)('concurrent callers in two processes', () => {
    let sibling: OpenedStore;
    beforeEach(async () => {
      sibling = await (openSibling as () => Promise<OpenedStore>)();
    });
    afterEach(async () => {
      await sibling.dispose();
    });
    const either = (i: number) => (i % 2 === 0 ? store() : sibling.store);

    it('50 first submissions of one key: one session, one holder', async () => {
      const input = makeStartAttempt();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          either(i).startAttempt({ ...input, session: { ...input.session, id: `cs_${i}` } }),
        ),
      );
      expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
      expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'held')).toHaveLength(49);
    });

    it('50 retries after a decline: one new attempt', async () => {
      const input = makeStartAttempt();
      const session = await started(input);
      await store().applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => either(i).startAttempt(input)),
      );
      expect(results.filter((r) => r.outcome === 'retried')).toHaveLength(1);
      // The others wait for it: none may read the declined state it replaced.
      expect(results.filter((r) => r.outcome === 'held')).toHaveLength(49);
      expect((await store().getSession(session.id))?.attempt).toBe(2);
    });

    it('20 completions at once: one order', async () => {
      const session = await started();
      const completion = makeCompletion(session);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          either(i).applyEvent({
            sessionId: session.id,
            event: 'succeed',
            attempt: 1,
            completion,
          }),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect((await store().getSessionRecord(session.id))?.order?.reference).toBe(
        completion.order.reference,
      );
    });

    it('two sweeps at once take disjoint attempts', async () => {
      const sessions = [];
      for (let i = 0; i < 10; i++) sessions.push(await started());
      await advance(3 * MINUTE);
      const [a, b] = await Promise.all([
        store().claimStaleAttempts(10, 2 * MINUTE),
        sibling.store.claimStaleAttempts(10, 2 * MINUTE),
      ]);
      const ids = [...a, ...b].map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      // Whichever took a row renewed its lease; together they took every stale one.
      expect(ids.length).toBe(10);
    });
  });
}
