import { ConfigurationError } from '../errors/errors.js';
import { createTestPaymentProvider } from '../providers/test/testPaymentProvider.js';
import type { PaymentProvider } from '../providers/types.js';
import { createCheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import { createPgliteClient } from '../store/pgliteClient.js';
import { createSqlStore } from '../store/sql/createSqlStore.js';
import type { CheckoutStore, SqlClient } from '../store/types.js';
import { makeCatalog } from '../test-utils/factories.js';
import type { CheckoutEngineOptions } from './options.js';
import { resolveEngineOptions } from './resolveEngineOptions.js';

let client: SqlClient;
let store: CheckoutStore;
let provider: PaymentProvider;
beforeAll(async () => {
  client = await createPgliteClient();
  store = createSqlStore(client);
  provider = createTestPaymentProvider({ ledger: client });
}, 60_000);
afterAll(async () => {
  await client.close();
});

const valid = (): CheckoutEngineOptions => ({
  catalog: makeCatalog(),
  store,
  provider,
  routes: createCheckoutRoutes(),
});

function problems(options: unknown): string {
  try {
    resolveEngineOptions(options as CheckoutEngineOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'invalid_configuration' });
    return (error as Error).message;
  }
  throw new Error('the options were accepted');
}

describe('the engine’s options', () => {
  it('fill in every default', () => {
    const resolved = resolveEngineOptions(valid());
    expect(resolved).toMatchObject({
      merchantName: 'Plankit',
      sessionTtlMs: 24 * 3_600_000,
      attemptLeaseMs: 120_000,
      providerTimeoutMs: 30_000,
      sweepIntervalMs: 60_000,
      eventRetentionDays: 30,
      sessionRetentionDays: 30,
      secretIsDefault: true,
      throttle: {
        maxFailuresPerSession: 5,
        maxFailuresPerClient: 10,
        maxFailuresPerEmail: 10,
        maxFailuresOverall: 100,
        overallDelayMs: 3000,
        maxPromoFailuresPerClient: 20,
        maxPromoFailuresPerCheckout: 10,
        windowMs: 15 * 60_000,
      },
    });
  });

  it('name every problem at once, misspelt options included (the README’s example)', () => {
    expect(problems({ ...valid(), secret: 'short', throttle: { windowMs: -1 }, colour: 1 })).toBe(
      'createCheckoutEngine: throttle.windowMs: Too small: expected number to be >0; secret: must be at least 16 characters; unknown option(s) colour',
    );
  });

  it('treat an empty secret (an unset environment variable) as no secret', () => {
    expect(resolveEngineOptions({ ...valid(), secret: '' }).secretIsDefault).toBe(true);
  });

  it('refuse a provider that renews subscriptions itself but cannot stop them', () => {
    const renewing = { ...provider, id: 'acme', renews: 'provider' } as PaymentProvider;
    expect(problems({ ...valid(), provider: renewing })).toMatch(
      /^createCheckoutEngine: provider: must be a PaymentProvider .*setCancelAtPeriodEnd/,
    );
    expect(
      resolveEngineOptions({
        ...valid(),
        provider: { ...renewing, setCancelAtPeriodEnd: async () => {} },
      }).provider.id,
    ).toBe('acme');
  });

  it('refuse an overall delay beyond 30 s', () => {
    expect(problems({ ...valid(), throttle: { overallDelayMs: 60_000 } })).toBe(
      'createCheckoutEngine: throttle.overallDelayMs: must be at most 30000 ms',
    );
  });

  it('keep events and unpaid checkouts whole days, one at least', () => {
    expect(problems({ ...valid(), eventRetentionDays: 0, sessionRetentionDays: 1.5 })).toBe(
      'createCheckoutEngine: eventRetentionDays: must be at least 1 day; sessionRetentionDays: must be a whole number of days',
    );
    expect(
      resolveEngineOptions({ ...valid(), eventRetentionDays: 7, sessionRetentionDays: 90 }),
    ).toMatchObject({ eventRetentionDays: 7, sessionRetentionDays: 90 });
  });
});
