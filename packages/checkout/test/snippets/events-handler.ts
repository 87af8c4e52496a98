// events-handler.ts: provision the account in the same process, from the outbox.
import type { OrderPaidData } from '@plankit/checkout';
import type { CheckoutEngine } from '@plankit/checkout/server';

/** Your own code: creates the account once per order (keyed on the order id). */
declare function provisionAccount(order: OrderPaidData, eventId: string): Promise<void>;
declare function suspendAccount(subscriptionId: string): Promise<void>;

export function onPurchase(engine: CheckoutEngine): void {
  // Called at least once per event after the change committed, from `engine.start()`'s
  // background work; when it throws, it is called again later (5 s, 30 s, 2 min, …).
  engine.on('order.paid', async (event) => {
    await provisionAccount(event.data, event.id);
  });
  engine.on('subscription.canceled', async (event) => {
    await suspendAccount(event.data.id);
  });
  engine.start();
}
