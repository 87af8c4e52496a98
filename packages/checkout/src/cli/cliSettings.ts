// What the commands read of the host's settings besides its store: the invoice prefix and
// the payment provider, from the same environment variables as the app.

import { invoicePrefixSchema } from '../engine/optionsSchema.js';
import { stripeConfigFromEnv } from '../providers/stripe/stripeConfig.js';
import { createStripeProvider } from '../providers/stripe/stripePaymentProvider.js';
import { createTestPaymentProvider } from '../providers/test/testPaymentProvider.js';
import type { PaymentProvider } from '../providers/types.js';
import type { SqlClient } from '../store/types.js';
import { type CliIo, UsageError } from './cliIo.js';

/** PLANKIT_INVOICE_PREFIX as the app reads it; a prefix the app would refuse is refused. */
export function readInvoicePrefix(io: CliIo): string | undefined {
  const value = io.env.PLANKIT_INVOICE_PREFIX?.trim();
  if (!value) return undefined;
  const parsed = invoicePrefixSchema.safeParse(value);
  if (!parsed.success) {
    throw new UsageError(`PLANKIT_INVOICE_PREFIX ${parsed.error.issues[0]?.message}.`);
  }
  return parsed.data;
}

/**
 * The provider the app runs with: Stripe when its keys are set (`STRIPE_*`, as the app reads
 * them), else the test provider on the store's own database.
 */
export function cliProvider(io: CliIo, client: SqlClient): PaymentProvider {
  const stripe = stripeConfigFromEnv(io.env);
  if (!stripe) return createTestPaymentProvider({ ledger: client });
  return createStripeProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    apiBase: stripe.apiBase,
    publicUrl: io.env.PLANKIT_PUBLIC_URL?.trim() || 'http://localhost:3000',
  });
}
