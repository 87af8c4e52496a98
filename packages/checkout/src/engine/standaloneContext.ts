// What the maintenance commands (`plankit advance`, `plankit refund`) run the engine's work
// with: the store and the provider the host uses, the same guards (spans, typed errors,
// logs without buyer data), and no catalog, mailer or handlers (the host's running engine
// delivers the events these commands write).

import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutStore } from '../store/types.js';
import { createGuards, type WorkerContext } from './guards.js';
import type { EngineLogger } from './options.js';

/** What {@link standaloneContext} takes. */
export interface StandaloneOptions {
  store: CheckoutStore;
  provider: PaymentProvider;
  logger?: EngineLogger;
  /** What invoice and credit-note numbers start with (default `INV-`, as the engine's). */
  invoicePrefix?: string | undefined;
}

/** The background work's context, without an engine. */
export function standaloneContext(options: StandaloneOptions): WorkerContext {
  const logger = options.logger ?? console;
  return {
    store: options.store,
    provider: options.provider,
    logger,
    attemptLeaseMs: 2 * 60_000,
    invoicePrefix: options.invoicePrefix ?? 'INV-',
    ...createGuards(options.provider, logger, 30_000),
  };
}
