import type { FieldError } from '../messages/fieldError.js';

/**
 * What "Find my subscription" shows after a request (`engine.findSubscriptions`): the same
 * `sent` whether or not the address is known, so the page never tells who is a customer.
 */
export type FindSubscriptionState =
  | { status: 'idle'; email: string }
  /** If the address has subscriptions or recent orders, an email with their links is on its way. */
  | { status: 'sent'; email: string }
  /** The address is not one (nothing was looked up); the typed text is kept. */
  | { status: 'invalid'; email: string; error: FieldError }
  /** Too many requests for this address or from this client: try again in `minutes`. */
  | { status: 'throttled'; email: string; minutes: number };

/** The server's action behind the form: the previous state and the form in, the next out. */
export type FindSubscriptionAction = (
  state: FindSubscriptionState,
  formData: FormData,
) => Promise<FindSubscriptionState>;
