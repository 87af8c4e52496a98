import {
  canTransition,
  ENDED_UNPAID_STATES,
  FINAL_STATES,
  isSessionState,
  LifecycleError,
  lifecycleTransitions,
  SESSION_EVENT_NAMES,
  SESSION_STATES,
  type SessionEvent,
  type SessionState,
  transition,
} from './sessionLifecycle.js';

// The expected machine, written out by hand so that a change to the table in
// sessionLifecycle.ts must be made twice, on purpose. Rows: states; columns: events; a
// cell is the state the event leads to, or `-` when the event is forbidden there.
const EXPECTED = `
                 pay         require_action   resume      succeed  start_trial  fail    expire   refund    cancel
open             processing  -                -           paid     trialing     -       expired  -         canceled
processing       -           requires_action  -           paid     trialing     failed  -        -         -
requires_action  -           -                processing  paid     trialing     failed  expired  -         canceled
paid             -           -                -           -        -            -       -        refunded  -
trialing         -           -                -           -        -            -       -        -         -
failed           processing  -                -           paid     trialing     -       expired  -         canceled
expired          -           -                -           -        -            -       -        -         -
refunded         -           -                -           -        -            -       -        -         -
canceled         -           -                -           -        -            -       -        -         -
`;

function expectedTable(): Map<string, string> {
  const [header, ...rows] = EXPECTED.trim().split('\n');
  const events = (header ?? '').trim().split(/\s+/);
  const cells = new Map<string, string>();
  for (const row of rows) {
    const [state, ...targets] = row.trim().split(/\s+/);
    targets.forEach((target, index) => {
      cells.set(`${state}/${events[index]}`, target);
    });
  }
  return cells;
}

describe('the checkout session lifecycle', () => {
  const table = expectedTable();

  it('names every state and event the expected table has, and no other', () => {
    const [header, ...rows] = EXPECTED.trim().split('\n');
    expect(SESSION_EVENT_NAMES).toEqual((header ?? '').trim().split(/\s+/));
    expect([...SESSION_STATES]).toEqual(rows.map((row) => row.trim().split(/\s+/)[0]));
  });

  const pairs = SESSION_STATES.flatMap((state) =>
    SESSION_EVENT_NAMES.map((event) => ({ state, event })),
  );

  it.each(pairs)('$state + $event', ({ state, event }) => {
    const expected = table.get(`${state}/${event}`);
    if (expected === '-') {
      expect(canTransition(state, event)).toBe(false);
      const error = (() => {
        try {
          transition(state, event);
        } catch (caught) {
          return caught;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(LifecycleError);
      expect(error).toMatchObject({ code: 'forbidden_transition', state, event });
    } else {
      expect(canTransition(state, event)).toBe(true);
      expect(transition(state, event)).toBe(expected);
    }
  });

  it('lists every allowed pair once for the database', () => {
    const listed = lifecycleTransitions().map(({ event, from, to }) => `${from}/${event}=${to}`);
    const allowed = pairs
      .filter(({ state, event }) => table.get(`${state}/${event}`) !== '-')
      .map(({ state, event }) => `${state}/${event}=${table.get(`${state}/${event}`)}`);
    expect(listed.sort()).toEqual(allowed.sort());
  });

  it('trialing, expired, refunded and canceled are final; paid can still be refunded', () => {
    expect([...FINAL_STATES].sort()).toEqual(
      (['trialing', 'expired', 'refunded', 'canceled'] as SessionState[]).sort(),
    );
  });

  it('expired and canceled end a checkout that never completed: only they may be pruned', () => {
    expect([...ENDED_UNPAID_STATES].sort()).toEqual(['canceled', 'expired']);
  });

  it('every state is reachable from open', () => {
    const reached = new Set<SessionState>(['open']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const state of [...reached]) {
        for (const event of SESSION_EVENT_NAMES as SessionEvent[]) {
          if (!canTransition(state, event)) continue;
          const next = transition(state, event);
          if (!reached.has(next)) {
            reached.add(next);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...SESSION_STATES].sort());
  });

  it('recognises its own states only', () => {
    expect(isSessionState('paid')).toBe(true);
    expect(isSessionState('complete')).toBe(false);
    expect(isSessionState(undefined)).toBe(false);
  });
});
