import { findPlan } from '../catalog/findPlan.js';
import type { Plan } from '../catalog/schema.js';
import { PlankitError, ProviderError, StoreError } from '../errors/errors.js';
import { type ClientKeys, createClientKeys } from './clientKeys.js';
import { describeError } from './describeError.js';
import { createEngineClock, type EngineClock } from './engineClock.js';
import type { ResolvedEngineOptions } from './options.js';

/**
 * What every part of the engine works with: the resolved options, the keyed hashes, the
 * clock, and the two guards through which every store and provider call passes.
 */
export interface EngineContext extends ResolvedEngineOptions {
  keys: ClientKeys;
  clock: EngineClock;
  /** The plan of a stored session; undefined once it left the catalog. */
  planOf(planId: string): Plan | undefined;
  /**
   * Runs a store call. A failure is logged with `details` and rethrown as a
   * {@link StoreError}; the log never holds buyer data beyond ids.
   */
  fromStore<T>(
    operation: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T>;
  /**
   * Runs a provider call within `providerTimeoutMs`. A failure or a timeout is logged (with
   * anything like a card number, and the given `secrets`, blanked out) and rethrown as a
   * {@link ProviderError}.
   */
  fromProvider<T>(
    operation: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
    secrets?: readonly string[],
  ): Promise<T>;
}

class Timeout extends Error {}

export function createEngineContext(options: ResolvedEngineOptions): EngineContext {
  const { logger, provider, store, providerTimeoutMs } = options;
  return {
    ...options,
    keys: createClientKeys(options.secret),
    clock: createEngineClock(store.clock),
    planOf: (planId) => findPlan(options.catalog, planId) ?? undefined,

    async fromStore(operation, details, call) {
      try {
        return await call();
      } catch (error) {
        // Already typed (a StoreLockedError, a StoreUnavailableError): the host answers
        // those with a 503, so they cross as they are.
        if (error instanceof PlankitError) throw error;
        logger.error('[plankit] checkout store failed', {
          operation,
          ...details,
          error: describeError(error),
        });
        throw new StoreError(operation, { cause: error });
      }
    },

    async fromProvider(operation, details, call, secrets = []) {
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
          error: timedOut
            ? `no answer within ${providerTimeoutMs} ms`
            : describeError(error, secrets),
        });
        // The cause may hold what the provider echoed back; it stays out of the error.
        throw new ProviderError(provider.id, operation, { timeout: timedOut });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
