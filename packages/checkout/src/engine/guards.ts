import { PlankitError, ProviderError, StoreError } from '../errors/errors.js';
import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutStore } from '../store/types.js';
import { describeError } from './describeError.js';
import type { EngineLogger } from './options.js';
import { inSpan } from './telemetry.js';

/** The two guards every store and provider call passes through. */
export interface Guards {
  /**
   * Runs a store call. A failure is logged with `details` and rethrown as a
   * {@link StoreError}; an error that is already typed (a locked or unavailable store)
   * crosses as it is. The log never holds buyer data beyond ids.
   */
  fromStore<T>(
    operation: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T>;
  /**
   * Runs a provider call within the timeout. A failure or a timeout is logged (with anything
   * like a card number blanked out) and rethrown as a {@link ProviderError}.
   */
  fromProvider<T>(
    operation: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T>;
}

/** What the background work (sweeps, renewals, the test clock) needs of an engine. */
export interface WorkerContext extends Guards {
  store: CheckoutStore;
  provider: PaymentProvider;
  logger: EngineLogger;
  attemptLeaseMs: number;
  /** What invoice numbers start with (the engine's `invoicePrefix`). */
  invoicePrefix: string;
}

class Timeout extends Error {}

export function createGuards(
  provider: PaymentProvider,
  logger: EngineLogger,
  providerTimeoutMs: number,
): Guards {
  return {
    // Each store call is one statement or transaction: one span each.
    fromStore(operation, details, call) {
      return inSpan(
        `plankit.store.${operation}`,
        { 'plankit.store.operation': operation },
        async () => {
          try {
            return await call();
          } catch (error) {
            if (error instanceof PlankitError) throw error;
            logger.error('[plankit] checkout store failed', {
              operation,
              ...details,
              error: describeError(error),
            });
            throw new StoreError(operation, { cause: error });
          }
        },
      );
    },

    fromProvider(operation, details, call) {
      const attributes = {
        'plankit.provider': provider.id,
        'plankit.provider.operation': operation,
      };
      return inSpan(`plankit.provider.${operation}`, attributes, async () => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Timeout()), providerTimeoutMs);
        });
        try {
          return await Promise.race([call(), timeout]);
        } catch (error) {
          const timedOut = error instanceof Timeout;
          logger.error('[plankit] payment provider failed', {
            operation,
            ...details,
            provider: provider.id,
            error: timedOut ? `no answer within ${providerTimeoutMs} ms` : describeError(error),
          });
          // The cause may hold what the provider echoed back; it stays out of the error.
          throw new ProviderError(provider.id, operation, { timeout: timedOut });
        } finally {
          clearTimeout(timer);
        }
      });
    },
  };
}
