// What "Find my subscription" asks the mailer to send (subscriptionLinks.ts → linksEmail.ts).

import type { Order, Subscription } from '../store/types.js';

/** Whom to send the links to, and which. */
export interface LinksEmailRequest {
  to: string;
  locale: string;
  subscriptions: Subscription[];
  /** Recent orders, newest first. */
  orders: Order[];
}
