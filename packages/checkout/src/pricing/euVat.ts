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
