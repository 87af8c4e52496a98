// `plankit prune [--dry-run]` on both stores the app runs on: PGlite in PLANKIT_DATA_DIR and
// PostgreSQL in DATABASE_URL (a database of this test's own), as the other commands find them.
import { makeCompletion, makeStartAttempt } from '@plankit/checkout/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliStores, withStore } from './cliStores.js';
import { plankit } from './cliSupport.js';

const DAY = 24 * 60 * 60 * 1000;
const { root, stores } = cliStores('prune');

describe.each(stores)('plankit prune on $name', (subject) => {
  let paidId = '';
  let unpaidId = '';

  beforeAll(async () => {
    // A sale and a checkout canceled after a decline, their events delivered, 31 days ago.
    await withStore(subject.open, async ({ store }) => {
      await store.registerEventChannel('webhook');
      const paid = await store.startAttempt(makeStartAttempt());
      paidId = paid.session.id;
      await store.applyEvent({
        sessionId: paidId,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(paid.session),
      });
      const unpaid = await store.startAttempt(makeStartAttempt());
      unpaidId = unpaid.session.id;
      await store.applyEvent({
        sessionId: unpaidId,
        event: 'fail',
        attempt: 1,
        failure: { code: 'card_declined', message: 'Declined' },
        logFailure: { clientKey: 'client', emailKey: 'email' },
      });
      await store.applyEvent({ sessionId: unpaidId, event: 'cancel' });
      for (const { event } of await store.claimEventDeliveries('webhook', 10, 60_000)) {
        await store.recordDeliveryAttempt({ eventId: event.id, channel: 'webhook', ok: true });
      }
      await store.clock.travel(new Date((await store.clock.now()).getTime() + 31 * DAY));
    });
  });

  it('--dry-run says what would go and deletes nothing', async () => {
    const run = plankit(['prune', '--dry-run'], subject.env(), root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('kept: events 30 days, unpaid checkouts 30 days');
    expect(run.stdout).toMatch(/events\s+3 \(deliveries 3, attempts 3\)/);
    expect(run.stdout).toMatch(/checkout sessions\s+1\n/);
    expect(run.stdout).toMatch(/throttle records\s+1\n/);
    expect(run.stdout).toContain('Dry run: nothing was deleted.');
    await withStore(subject.open, async ({ store }) => {
      expect(await store.getSession(unpaidId)).not.toBeNull();
      expect(await store.listEvents()).toHaveLength(3);
    });
  });

  it('a retention longer than the data keeps it all', () => {
    const run = plankit(
      ['prune', '--dry-run'],
      {
        ...subject.env(),
        PLANKIT_EVENT_RETENTION_DAYS: '90',
        PLANKIT_SESSION_RETENTION_DAYS: '60',
      },
      root,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('kept: events 90 days, unpaid checkouts 60 days');
    expect(run.stdout).toMatch(/events\s+0 \(deliveries 0, attempts 0\)/);
    expect(run.stdout).toMatch(/checkout sessions\s+0\n/);
  });

  it('refuses a retention that is not a whole number of days', () => {
    const run = plankit(['prune'], { ...subject.env(), PLANKIT_SESSION_RETENTION_DAYS: '0' }, root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PLANKIT_SESSION_RETENTION_DAYS must be a whole number of days');
  });

  it('deletes the unpaid checkout and the delivered events; the sale stays whole', async () => {
    const run = plankit(['prune'], subject.env(), root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Deleted from (PGlite in|PostgreSQL at) /);
    expect(run.stdout).toMatch(/events\s+3 \(deliveries 3, attempts 3\)/);
    expect(run.stdout).toMatch(/checkout sessions\s+1\n/);
    await withStore(subject.open, async ({ store }) => {
      expect(await store.getSession(unpaidId)).toBeNull();
      const record = await store.getSessionRecord(paidId);
      expect(record?.session.status).toBe('paid');
      expect(record?.order).not.toBeNull();
      expect(record?.subscription).not.toBeNull();
    });
    const again = plankit(['prune'], subject.env(), root);
    expect(again.stdout).toMatch(/events\s+0 \(deliveries 0, attempts 0\)/);
    expect(again.stdout).toMatch(/checkout sessions\s+0\n/);
  });
});
