// Constants of the catalog format, kept apart from the zod schema so that client
// components can use them without shipping zod to the browser.

/** Billing intervals a plan can be sold on. */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
/** A billing interval: `monthly` or `yearly`. */
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Plan ids are URL slugs: lowercase letters, digits and `-`, at most 64 characters. */
export const PLAN_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Path segments the route helper reserves; no plan may use them as its id. */
export const RESERVED_PLAN_IDS = ['finish'] as const;
