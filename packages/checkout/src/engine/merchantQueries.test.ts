import { InvalidArgumentError } from '../errors/errors.js';
import {
  DAY,
  databases,
  expectRedirect,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

describe.each(databases)('the merchant’s lists through the engine, on $name', (database) => {
  const h = useEngineHarness(database);

  it('orders by buyer and date, subscriptions by status, typed', async () => {
    const { engine, provider } = h.setup();
    const first = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    await h.advance(DAY);
    const since = new Date(START.getTime() + DAY);
    // A card is used by one checkout; the second buyer brings their own.
    const card = await provider.processor.createPaymentMethod({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    });
    if ('errors' in card) throw new Error('test card refused');
    const second = expectRedirect(
      await engine.submitPlanStep(
        h.post({ email: 'grace@example.com', paymentMethod: card.id }),
        visitor,
      ),
    );
    const sessionsOf = (rows: { sessionId: string | null }[]) => rows.map((r) => r.sessionId);
    expect(sessionsOf(await engine.listOrders())).toEqual([first.sessionId, second.sessionId]);
    expect(sessionsOf(await engine.listOrders({ email: 'GRACE@example.com' }))).toEqual([
      second.sessionId,
    ]);
    expect(sessionsOf(await engine.listOrders({ since }))).toEqual([second.sessionId]);
    // "Find my subscription" reads the newest few, not the whole history.
    expect(sessionsOf(await h.store.listOrders({ limit: 1, newestFirst: true }))).toEqual([
      second.sessionId,
    ]);
    expect(sessionsOf(await h.store.listOrders({ limit: 5, newestFirst: true }))).toEqual([
      second.sessionId,
      first.sessionId,
    ]);
    const active = await engine.listSubscriptions({ status: 'active' });
    expect(active.map((s) => s.email)).toEqual(['ada@example.com', 'grace@example.com']);
    expect(await engine.listSubscriptions({ status: 'canceled' })).toEqual([]);
  });

  it('refuses a bad filter with a typed error before reading anything', async () => {
    const { engine } = h.setup();
    await expect(engine.listOrders({ limit: 0 })).rejects.toThrow(InvalidArgumentError);
    await expect(engine.listOrders({ limit: 10_001 })).rejects.toThrow('from 1 to 10000');
    await expect(engine.listOrders({ since: new Date('nope') })).rejects.toThrow(
      'since must be a valid Date',
    );
    await expect(engine.listOrders({ email: ' ' })).rejects.toThrow('email must be');
    await expect(
      engine.listSubscriptions({ status: 'paused' as unknown as 'active' }),
    ).rejects.toThrow('status must be one of');
  });
});
