import { parseArgs } from 'node:util';
import { refundOrder } from '../engine/refunds.js';
import { standaloneContext } from '../engine/standaloneContext.js';
import { ProviderError } from '../errors/errors.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { type CliIo, UsageError } from './cliIo.js';
import { cliProvider, readInvoicePrefix } from './cliSettings.js';
import { describeStore, openCliStore } from './openCliStore.js';

export const REFUND_USAGE = `plankit refund <order-reference> [--amount <minor units>] [--reason <text>]

Refunds an order's payment through the payment provider the app uses (Stripe when its
STRIPE_* keys are set, else the test provider): all that remains by default, or --amount
in minor units of the order's currency (500 is 5.00 EUR). Never more than remains. The
refund is written under its own key before the provider is asked: a command cut off half-way
and run again finishes that refund and never refunds twice. Each refund gets a credit note
number (PLANKIT_INVOICE_PREFIX, default INV-); the app's running engine sends the
order.refunded webhook and the buyer's email. Uses the store the app uses (DATABASE_URL,
else PLANKIT_DATA_DIR); stop the app first when it is PGlite.`;

/** Reads the reference, `--amount` and `--reason`; anything else is a usage error. */
export function parseRefundArgs(args: string[]): {
  reference: string;
  amount: number | undefined;
  reason: string | undefined;
} {
  const { values, positionals } = parseArgs({
    args,
    options: { amount: { type: 'string' }, reason: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  const [reference, ...extra] = positionals;
  if (!reference) throw new UsageError('Say which order to refund: its reference (PK-…).');
  if (extra.length > 0) throw new UsageError(`One order at a time (also got ${extra.join(' ')}).`);
  let amount: number | undefined;
  if (values.amount !== undefined) {
    if (!/^[1-9]\d{0,11}$/.test(values.amount.trim())) {
      throw new UsageError(
        `--amount must be a positive whole number of minor units (500 for 5.00), not "${values.amount}".`,
      );
    }
    amount = Number(values.amount.trim());
  }
  return { reference: reference.trim(), amount, reason: values.reason?.trim() || undefined };
}

/** `plankit refund <order-reference>`: a merchant's refund, from the terminal. */
export async function refundCommand(args: string[], io: CliIo): Promise<number> {
  const { reference, amount, reason } = parseRefundArgs(args);
  const { store, client } = await openCliStore(io);
  try {
    const ctx = standaloneContext({
      store,
      provider: cliProvider(io, client),
      logger: { error: io.log, warn: io.log, info: () => {} },
      invoicePrefix: readInvoicePrefix(io),
    });
    let result: Awaited<ReturnType<typeof refundOrder>>;
    try {
      result = await refundOrder(ctx, { orderReference: reference, amount, reason });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      io.stderr(
        `plankit refund: the payment provider (${error.provider}) did not answer. The refund is ` +
          'recorded as pending under its key: run the command again (or let the running app ' +
          'ask again within minutes); it is never refunded twice.',
      );
      return 1;
    }
    const { refund, order } = result;
    const money = (minor: number) => formatMoney(minor, order.currency, 'en');
    const again = result.resumed ? ' (a refund asked for before, finished now)' : '';
    switch (result.status) {
      case 'succeeded':
        io.stdout(
          `Refunded ${money(refund.amount)} of order ${order.reference}${again}, credit note ` +
            `${refund.creditNoteNumber ?? '(none)'}, on ${describeStore(io)}.`,
        );
        io.stdout(`Remaining to refund: ${money(result.remaining)}.`);
        return 0;
      case 'pending':
        io.stdout(
          `The refund of ${money(refund.amount)} of order ${order.reference} is pending at the ` +
            'payment provider; the running app records its answer when it comes.',
        );
        return 0;
      case 'failed':
        io.stderr(
          `plankit refund: the payment provider refused to refund ${money(refund.amount)} of ` +
            `order ${order.reference}: ${refund.failureMessage ?? 'no reason given'}. Nothing ` +
            'was refunded.',
        );
        return 1;
    }
  } finally {
    await store.close();
  }
}
