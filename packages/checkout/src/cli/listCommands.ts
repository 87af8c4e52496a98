import { parseArgs } from 'node:util';
import { MAX_LIST_LIMIT } from '../engine/merchantQueries.js';
import { SUBSCRIPTION_STATES, type SubscriptionState } from '../lifecycle/subscriptionLifecycle.js';
import { type CliIo, UsageError } from './cliIo.js';
import { openCliStore } from './openCliStore.js';
import { parseIsoDate } from './parseIsoDate.js';
import { decimalAmount, readFormat, renderRows, utcTime } from './tableOutput.js';

const DEFAULT_LIMIT = 1000;

export const ORDERS_USAGE = `plankit orders [--email <address>] [--since <date>] [--until <date>] [--format table|csv] [--limit <n>]

Prints the store's orders, oldest first: checkouts and renewals, with their invoice
numbers, amounts in the currency's unit (28.56) and what was refunded. --email takes one
buyer (any case); --since and --until a time range (ISO 8601, UTC); --format csv writes
CSV for a spreadsheet or accounting. At most --limit rows (${DEFAULT_LIMIT}, up to ${MAX_LIST_LIMIT}).
Uses the store the app uses (DATABASE_URL, else PLANKIT_DATA_DIR).`;

export const SUBSCRIPTIONS_USAGE = `plankit subscriptions [--status <status>] [--email <address>] [--format table|csv] [--limit <n>]

Prints the store's subscriptions, oldest first, with their status, amount, period end and
whether they end with it. --status takes one of ${SUBSCRIPTION_STATES.join(', ')}.`;

function readLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new UsageError(
      `--limit must be a whole number from 1 to ${MAX_LIST_LIMIT}, not "${value}".`,
    );
  }
  return limit;
}

function readEmail(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!value.includes('@')) throw new UsageError(`--email "${value}" is not an email address.`);
  return value.trim();
}

/** Says when the list was cut at the limit, so a total is never read from a partial list. */
function noteLimit(io: CliIo, count: number, limit: number, what: string): void {
  if (count === limit) {
    io.stderr(
      `Only the first ${limit} ${what} are shown: narrow with the options or raise --limit.`,
    );
  }
}

/** `plankit orders`: the merchant's orders, as a table or CSV. */
export async function ordersCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      format: { type: 'string' },
      limit: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const format = readFormat(values.format);
  const query = {
    email: readEmail(values.email),
    since: values.since === undefined ? undefined : parseIsoDate('--since', values.since),
    until: values.until === undefined ? undefined : parseIsoDate('--until', values.until),
    limit: readLimit(values.limit),
  };
  const { store } = await openCliStore(io);
  try {
    const orders = await store.listOrders(query);
    if (orders.length === 0 && format === 'table') {
      io.stdout('No orders.');
      return 0;
    }
    const header = [
      'date',
      'reference',
      'invoice',
      'kind',
      'email',
      'plan',
      'interval',
      'seats',
      'currency',
      'subtotal',
      'discount',
      'tax',
      'total',
      'paid',
      'refunded',
    ] as const;
    const rows = orders.map((order) => {
      const money = (minor: number) => decimalAmount(minor, order.currency);
      return [
        utcTime(order.createdAt),
        order.reference,
        order.invoiceNumber ?? '',
        order.kind,
        order.email,
        order.planId,
        order.interval,
        String(order.seats),
        order.currency,
        money(order.subtotal),
        money(order.discount),
        money(order.tax),
        money(order.total),
        money(order.amountPaid),
        money(order.amountRefunded),
      ];
    });
    for (const line of renderRows(format, header, rows)) io.stdout(line);
    noteLimit(io, orders.length, query.limit, 'orders');
    return 0;
  } finally {
    await store.close();
  }
}

/** `plankit subscriptions`: the merchant's subscriptions, as a table or CSV. */
export async function subscriptionsCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      status: { type: 'string' },
      email: { type: 'string' },
      format: { type: 'string' },
      limit: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const format = readFormat(values.format);
  const status = values.status;
  if (status !== undefined && !(SUBSCRIPTION_STATES as readonly string[]).includes(status)) {
    throw new UsageError(
      `--status must be one of ${SUBSCRIPTION_STATES.join(', ')}, not "${status}".`,
    );
  }
  const query = {
    status: status as SubscriptionState | undefined,
    email: readEmail(values.email),
    limit: readLimit(values.limit),
  };
  const { store } = await openCliStore(io);
  try {
    const subscriptions = await store.listSubscriptions(query);
    if (subscriptions.length === 0 && format === 'table') {
      io.stdout('No subscriptions.');
      return 0;
    }
    const header = [
      'created',
      'id',
      'email',
      'plan',
      'interval',
      'seats',
      'status',
      'currency',
      'amount',
      'period_end',
      'ends_at_period_end',
    ] as const;
    const rows = subscriptions.map((s) => [
      utcTime(s.createdAt),
      s.id,
      s.email,
      s.planId,
      s.interval,
      String(s.seats),
      s.status,
      s.currency,
      decimalAmount(s.amount, s.currency),
      utcTime(s.currentPeriodEnd),
      s.cancelAtPeriodEnd ? 'yes' : 'no',
    ]);
    for (const line of renderRows(format, header, rows)) io.stdout(line);
    noteLimit(io, subscriptions.length, query.limit, 'subscriptions');
    return 0;
  } finally {
    await store.close();
  }
}
