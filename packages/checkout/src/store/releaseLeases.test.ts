import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCompletion, makeStartAttempt } from '../testing/storeFixtures.js';
import { openCheckoutStore } from './openCheckoutStore.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Leaves a claimed delivery, a taken renewal and a running payment attempt behind. */
async function leaveLeases(store: Awaited<ReturnType<typeof openCheckoutStore>>['store']) {
  await store.registerEventChannel('webhook');
  const paid = await store.startAttempt(makeStartAttempt());
  await store.applyEvent({
    sessionId: paid.session.id,
    event: 'succeed',
    attempt: 1,
    completion: makeCompletion(paid.session),
  });
  // Forty days on, the subscription is due; the leases below are taken after the jump.
  const now = await store.clock.now();
  await store.clock.travel(new Date(now.getTime() + 40 * 24 * 60 * 60_000));
  const running = await store.startAttempt(makeStartAttempt());
  const claimed = await store.claimEventDeliveries('webhook', 10, 120_000);
  expect(claimed.length).toBeGreaterThan(0);
  expect(await store.claimDueRenewals(10, 120_000)).toHaveLength(1);
  return { running: running.session.id, claimed: claimed.length };
}

describe('leases after the process that held them died (issue 20)', () => {
  it('a PGlite store reopened hands back every claim of its dead holder at once', async () => {
    const root = await mkdtemp(join(tmpdir(), 'plankit-leases-'));
    const dataDir = join(root, 'db');
    try {
      const first = await openCheckoutStore({ dataDir });
      const left = await leaveLeases(first.store);
      // The holder goes away without ending its leases, as a killed process does.
      await first.store.close();

      const second = await openCheckoutStore({ dataDir });
      try {
        expect(await second.store.claimEventDeliveries('webhook', 10, 120_000)).toHaveLength(
          left.claimed,
        );
        expect(await second.store.claimDueRenewals(10, 120_000)).toHaveLength(1);
        const stale = await second.store.claimStaleAttempts(10, 120_000);
        expect(stale.map((session) => session.id)).toEqual([left.running]);
      } finally {
        await second.store.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'a PostgreSQL store opened by another host leaves the live leases of the others alone',
    async () => {
      const schema = `plankit_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const options = { databaseUrl: TEST_DATABASE_URL, schema };
      const first = await openCheckoutStore(options);
      const second = await openCheckoutStore(options);
      try {
        await leaveLeases(first.store);
        const third = await openCheckoutStore(options);
        await third.store.close();
        expect(await second.store.claimEventDeliveries('webhook', 10, 120_000)).toEqual([]);
        expect(await second.store.claimDueRenewals(10, 120_000)).toEqual([]);
        expect(await second.store.claimStaleAttempts(10, 120_000)).toEqual([]);
      } finally {
        await first.client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await first.store.close();
        await second.store.close();
      }
    },
  );
});
