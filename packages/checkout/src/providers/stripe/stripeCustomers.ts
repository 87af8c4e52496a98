// One Stripe Customer per buyer email address, reused across checkouts and attempts, with
// the tax status of the buyer's latest checkout (a reverse-charged business is
// `tax_exempt: 'reverse'` with its VAT ID in `tax_ids`, so Stripe's invoices and receipts
// say "Reverse charge").
//
// Where the mapping lives: at Stripe, not in Plankit's store. The Customer is found with
// `customers.list({ email })` (a list reads Stripe's own records at once; `customers.search`
// may lag behind a write by a minute, https://docs.stripe.com/search#data-freshness, so two
// checkouts a few seconds apart would each make one), and made with an idempotency key
// derived from the address alone, so concurrent first checkouts of one address make one
// Customer (Stripe answers the second request with the first one's Customer). The create
// request carries nothing but the address and a marker, so the key always names the same
// request; the name, address and tax status are set afterwards by update. No store table,
// no migration, and every host sees the same answer.

import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { CreateIntentInput } from '../types.js';

/** Metadata that marks a Customer as Plankit's customer for its email address. */
export const PLANKIT_CUSTOMER_METADATA = { plankit_customer: 'email' } as const;

/** How Plankit writes an address for Stripe: Stripe's `email` filter is case-sensitive. */
export const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** The idempotency key of the Customer of an address (a hash: no address in Stripe's logs). */
export const customerKeyOf = (email: string) =>
  `plankit-customer-${createHash('sha256').update(normalizedEmail(email)).digest('hex')}`;

/** The buyer's details as the Customer should hold them. */
function wantedOf(input: CreateIntentInput) {
  const business = input.customer.business ?? null;
  const reverse = Boolean(input.tax?.reverseChargeVatId);
  return {
    name: business?.company || input.customer.name,
    taxExempt: (reverse ? 'reverse' : 'none') as Stripe.Customer.TaxExempt,
    address: business
      ? {
          line1: business.street,
          postal_code: business.postalCode,
          city: business.city,
          country: business.country,
        }
      : null,
    vatId: reverse ? input.tax?.reverseChargeVatId : (business?.vatId ?? null),
  };
}

const sameAddress = (
  held: Stripe.Address | null | undefined,
  wanted: NonNullable<ReturnType<typeof wantedOf>['address']>,
) =>
  held?.line1 === wanted.line1 &&
  held?.postal_code === wanted.postal_code &&
  held?.city === wanted.city &&
  held?.country === wanted.country;

/** The Customer per email address of a Stripe account. */
export function createStripeCustomers(stripe: Stripe) {
  /** The address's Customer: found, else made once, whoever asks at the same moment. */
  async function customerOfEmail(email: string): Promise<Stripe.Customer> {
    const address = normalizedEmail(email);
    const listed = await stripe.customers.list({ email: address, limit: 100 });
    const found = listed.data.find(
      (customer) =>
        customer.metadata?.plankit_customer === PLANKIT_CUSTOMER_METADATA.plankit_customer,
    );
    if (found) return found;
    return stripe.customers.create(
      { email: address, metadata: { ...PLANKIT_CUSTOMER_METADATA } },
      { idempotencyKey: customerKeyOf(address) },
    );
  }

  /** Adds the VAT ID to the Customer's tax IDs unless it is there. */
  async function ensureVatId(customer: string, vatId: string) {
    const held = await stripe.customers.listTaxIds(customer, { limit: 100 });
    if (held.data.some((taxId) => taxId.type === 'eu_vat' && taxId.value === vatId)) return;
    await stripe.customers.createTaxId(customer, { type: 'eu_vat', value: vatId });
  }

  /**
   * The Customer of the buyer of `input`, with the name, business address and tax status
   * of this checkout (the latest checkout of an address wins).
   */
  async function customerFor(input: CreateIntentInput): Promise<string> {
    const customer = await customerOfEmail(input.customer.email);
    const wanted = wantedOf(input);
    const update: Stripe.CustomerUpdateParams = {};
    if (customer.name !== wanted.name) update.name = wanted.name;
    if ((customer.tax_exempt ?? 'none') !== wanted.taxExempt) update.tax_exempt = wanted.taxExempt;
    if (wanted.address && !sameAddress(customer.address, wanted.address)) {
      update.address = wanted.address;
    }
    if (Object.keys(update).length > 0) await stripe.customers.update(customer.id, update);
    if (wanted.vatId) await ensureVatId(customer.id, wanted.vatId);
    return customer.id;
  }

  return { customerFor, customerOfEmail };
}
