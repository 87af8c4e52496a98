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
  schema: string;
  sessions: string;
  orders: string;
  subscriptions: string;
  failures: string;
  clock: string;
  now: string;
}

export function tablesOf(quotedSchema: string): Tables {
  return {
    schema: quotedSchema,
    sessions: `${quotedSchema}.checkout_sessions`,
    orders: `${quotedSchema}.orders`,
    subscriptions: `${quotedSchema}.subscriptions`,
    failures: `${quotedSchema}.payment_failures`,
    clock: `${quotedSchema}.clock`,
    now: `${quotedSchema}.clock_now()`,
  };
}
