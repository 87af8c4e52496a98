import { findPlan } from '../catalog/findPlan.js';
import type { Plan } from '../catalog/schema.js';
import type { CheckoutEvent } from '../events/types.js';
import { type ClientKeys, createClientKeys } from './clientKeys.js';
import { createEngineClock, type EngineClock } from './engineClock.js';
import type { EventHandlers } from './eventHandlers.js';
import { createGuards, type WorkerContext } from './guards.js';
import type { LinksEmailRequest } from './linksEmailRequest.js';
import type { ResolvedEngineOptions } from './options.js';
import type { SendResult } from './outgoingWebhooks.js';

/** Sends the buyer's emails (receiptEmails.ts); null without SMTP. */
export interface EventMailer {
  /** The email of an event (the outbox's `email` channel). */
  send(event: CheckoutEvent): Promise<SendResult>;
  /** The links "Find my subscription" sends. */
  sendLinks(request: LinksEmailRequest): Promise<SendResult>;
}

/**
 * What every part of the engine works with: the resolved options, the keyed hashes, the
 * clock, and the guards through which every store and provider call passes (guards.ts).
 */
export interface EngineContext extends ResolvedEngineOptions, WorkerContext {
  keys: ClientKeys;
  clock: EngineClock;
  /** The plan of a stored session; undefined once it left the catalog. */
  planOf(planId: string): Plan | undefined;
  /** The host's in-process event handlers (`engine.on`). */
  handlers: EventHandlers;
  mailer: EventMailer | null;
  /**
   * A warning that may recur on every request while a condition lasts (an attack): logged
   * at most once a minute per `topic` by this process, so the log stays readable.
   */
  warnOnce(topic: string, message: string, details: Record<string, unknown>): void;
}

const WARN_EVERY_MS = 60_000;

export function createEngineContext(
  options: ResolvedEngineOptions,
  parts: { handlers: EventHandlers; mailer: EventMailer | null },
): EngineContext {
  const lastWarned = new Map<string, number>();
  return {
    ...parts,
    ...options,
    ...createGuards(options.provider, options.logger, options.providerTimeoutMs),
    keys: createClientKeys(options.secret),
    clock: createEngineClock(options.store.clock),
    planOf: (planId) => findPlan(options.catalog, planId) ?? undefined,
    warnOnce(topic, message, details) {
      const at = Date.now();
      if (at - (lastWarned.get(topic) ?? Number.NEGATIVE_INFINITY) < WARN_EVERY_MS) return;
      lastWarned.set(topic, at);
      options.logger.warn(message, details);
    },
  };
}
