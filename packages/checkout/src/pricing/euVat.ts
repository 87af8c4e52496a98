/**
 * The member states of the European Union by ISO 3166 code, for the reverse charge
 * (Council Directive 2006/112/EC, Art. 196). Greece's VAT numbers carry the prefix `EL`;
 * its country code stays `GR` here.
 */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Whether a country (ISO 3166 code) is an EU member state. */
export function isEuMemberState(country: string): boolean {
  return EU_MEMBER_STATES.includes(country);
}

/**
 * Whether a sale is reverse charged: a business buyer with a VAT ID in another EU member
 * state than the merchant's pays no VAT; the buyer accounts for it. The form calls this
 * as the visitor types (an ID given), the engine with an ID that passed its checks.
 */
export function reverseChargeApplies(sale: {
  merchantCountry: string | null | undefined;
  buyerCountry: string;
  /** The buyer's VAT ID, empty when none (a consumer, or a business without one). */
  buyerVatId: string;
}): boolean {
  const { merchantCountry, buyerCountry } = sale;
  return (
    Boolean(merchantCountry) &&
    sale.buyerVatId.trim() !== '' &&
    isEuMemberState(merchantCountry as string) &&
    isEuMemberState(buyerCountry) &&
    merchantCountry !== buyerCountry
  );
}

/** The merchant's side of the reverse charge, as the host configures it. */
export interface MerchantTax {
  /** ISO 3166 code (`PLANKIT_MERCHANT_COUNTRY`). */
  country: string;
  /** VAT ID with its prefix (`PLANKIT_MERCHANT_VAT_ID`). */
  vatId: string;
}

/**
 * The reverse charge the plan-step form shows as the visitor types: a ticked business box
 * with a VAT ID, in another member state than the merchant. The form has no check digits
 * (they stay on the server, with `jsvat-next`): a bad ID gets its message from the server
 * and nothing is charged.
 */
export function formReverseCharge(
  merchant: MerchantTax | null | undefined,
  buyerCountry: string,
  business: { business: boolean; vatId: string },
): { buyerVatId: string; merchantVatId: string } | null {
  if (!merchant || !business.business) return null;
  const typed = business.vatId.toUpperCase().replace(/[\s.\-/]/g, '');
  if (
    !reverseChargeApplies({ merchantCountry: merchant.country, buyerCountry, buyerVatId: typed })
  ) {
    return null;
  }
  const prefix = buyerCountry === 'GR' ? 'EL' : buyerCountry;
  return {
    buyerVatId: /^[A-Z]{2}/.test(typed) ? typed : `${prefix}${typed}`,
    merchantVatId: merchant.vatId,
  };
}
