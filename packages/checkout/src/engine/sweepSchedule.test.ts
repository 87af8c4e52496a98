import { dueInMs, planSweeps, type ScheduleScope, type Sweep } from './sweepSchedule.js';

const scope: ScheduleScope = { renewsOnEngine: true, refunds: true, sweepIntervalMs: 60_000 };
const nothing: Record<Sweep, number | null> = {
  reconcile: null,
  expire: null,
  refunds: null,
  renewals: null,
  prune: null,
  deliveries: null,
};
const NOW = 1_000_000;

describe('planSweeps: which sweeps run now, and how long to sleep', () => {
  it('an idle store: nothing runs, and the next look is a sweep interval away', () => {
    expect(planSweeps(nothing, NOW, {}, scope, NOW)).toEqual({ run: [], sleepMs: 60_000 });
  });

  it('runs what is due and sleeps until the soonest of the rest', () => {
    const plan = planSweeps({ ...nothing, expire: -5, reconcile: 30_000 }, NOW, {}, scope, NOW);
    expect(plan).toEqual({ run: ['expire'], sleepMs: 30_000 });
  });

  it('a sweep that made no progress leaves the rows it tried for the interval, not later ones', () => {
    const stuck = { refunds: { storeAt: NOW, until: NOW + 60_000 } };
    // The row it tried (due before it ran): rest until the interval ends.
    expect(planSweeps({ ...nothing, refunds: -10 }, NOW + 10, stuck, scope, NOW + 10)).toEqual({
      run: [],
      sleepMs: 59_990,
    });
    // A row due after it ran: runs when due.
    const later = { ...nothing, refunds: 0 };
    expect(planSweeps(later, NOW + 5_000, stuck, scope, NOW + 5_000).run).toEqual(['refunds']);
  });

  it('renewals count only when the engine renews; a canceled subscription ends either way', () => {
    const due = {
      now: new Date(NOW),
      reconcile: null,
      expire: null,
      renew: 0,
      endCanceled: 5_000,
      refunds: 0,
      deliveries: null,
    };
    const onProvider = { ...scope, renewsOnEngine: false, refunds: false };
    expect(dueInMs(due, onProvider, 1_000)).toMatchObject({
      renewals: 5_000,
      refunds: null,
      prune: 1_000,
    });
    expect(dueInMs(due, scope, 1_000)).toMatchObject({ renewals: 0, refunds: 0 });
  });
});
