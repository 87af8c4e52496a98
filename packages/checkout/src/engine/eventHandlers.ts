import type { CheckoutEvent, CheckoutEventOf, EventType } from '../events/types.js';

/** A function the host registers for one event type (`engine.on`). */
export type EventHandler<T extends EventType = EventType> = (
  event: CheckoutEventOf<T>,
) => void | Promise<void>;

/** The handlers registered in this process, by event type. */
export interface EventHandlers {
  on<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /** Whether any handler is registered (only then does this process take handler deliveries). */
  readonly size: number;
  /** Calls every handler of the event's type, one after the other; throws the first failure. */
  call(event: CheckoutEvent): Promise<void>;
}

/** A handler as stored: the registry only calls it with events of its own type. */
type AnyHandler = (event: CheckoutEvent) => void | Promise<void>;

export function createEventHandlers(onFirst: () => void): EventHandlers {
  const byType = new Map<EventType, Set<AnyHandler>>();
  let size = 0;
  return {
    on(type, handler) {
      const set = byType.get(type) ?? new Set<AnyHandler>();
      byType.set(type, set);
      const stored = handler as unknown as AnyHandler;
      set.add(stored);
      size++;
      if (size === 1) onFirst();
      return () => {
        if (set.delete(stored)) size--;
      };
    },
    get size() {
      return size;
    },
    async call(event) {
      for (const handler of byType.get(event.type) ?? []) await handler(event);
    },
  };
}
