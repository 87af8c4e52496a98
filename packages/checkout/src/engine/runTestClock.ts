import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutStore } from '../store/types.js';
import type { EngineLogger } from './options.js';
import { standaloneContext } from './standaloneContext.js';
import { advanceTestClock, type TestClockReport } from './testClock.js';

/** Options of {@link runTestClock}. */
export interface TestClockOptions {
  store: CheckoutStore;
  /** The test provider on the same database as the store. */
  provider: PaymentProvider;
  /** Where to move the store's clock. */
  to: Date;
  logger?: EngineLogger;
  /** What the renewals' invoice numbers start with (default `INV-`, as the engine's). */
  invoicePrefix?: string;
}

/**
 * The test clock without an engine (the `plankit advance` command): moves the store's clock
 * forward and runs every renewal, retry and expiry due by then. Refuses unless the test
 * provider is the one in use.
 */
export function runTestClock(options: TestClockOptions): Promise<TestClockReport> {
  return advanceTestClock(standaloneContext(options), options.to);
}
