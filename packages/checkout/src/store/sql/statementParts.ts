// Building blocks of the store's statements: bound parameters, inlined lifecycle states,
// millisecond intervals and the qualified table names of one schema.

/** Collects bound parameters; `add` returns the placeholder of the value. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** `'a', 'b'`: states are constants of the lifecycle, never input, so they are inlined. */
export function statusList(states: readonly string[]): string {
  return states.map((state) => `'${state}'`).join(', ');
}

export const ms = (placeholder: string) => `(${placeholder} * interval '1 millisecond')`;

/** Table names of one schema. */
export interface Tables {
  providerEvents: string;
  schema: string;
  sessions: string;
  orders: string;
  subscriptions: string;
  failures: string;
  promoFailures: string;
  linkRequests: string;
  disputes: string;
  clock: string;
  now: string;
  events: string;
  eventChannels: string;
  eventDeliveries: string;
  eventAttempts: string;
  eventObjects: string;
  refunds: string;
}

export function tablesOf(quotedSchema: string): Tables {
  return {
    providerEvents: `${quotedSchema}.provider_events`,
    schema: quotedSchema,
    sessions: `${quotedSchema}.checkout_sessions`,
    orders: `${quotedSchema}.orders`,
    subscriptions: `${quotedSchema}.subscriptions`,
    failures: `${quotedSchema}.payment_failures`,
    promoFailures: `${quotedSchema}.promo_failures`,
    linkRequests: `${quotedSchema}.link_requests`,
    disputes: `${quotedSchema}.disputes`,
    clock: `${quotedSchema}.clock`,
    now: `${quotedSchema}.clock_now()`,
    events: `${quotedSchema}.events`,
    eventChannels: `${quotedSchema}.event_channels`,
    eventDeliveries: `${quotedSchema}.event_deliveries`,
    eventAttempts: `${quotedSchema}.event_attempts`,
    eventObjects: `${quotedSchema}.event_objects`,
    refunds: `${quotedSchema}.refunds`,
  };
}

/**
 * `time` plus one billing interval (`interval` is a SQL expression: 'monthly' or 'yearly'),
 * in calendar months in UTC, which Postgres clamps to the end of a shorter month (31 January
 * + 1 month = 28 or 29 February), the way billing systems renew.
 */
export function addBillingInterval(time: string, interval: string): string {
  return `(((${time}) AT TIME ZONE 'UTC') + CASE ${interval} WHEN 'yearly' THEN interval '12 months'
    ELSE interval '1 month' END) AT TIME ZONE 'UTC'`;
}
