/** The keys of what a business buyer sees: their details, the VAT ID and the reverse charge. */
export const BUSINESS_MESSAGE_KEYS = [
  'businessToggle',
  'businessHint',
  'companyLabel',
  'vatIdLabel',
  'vatIdHint',
  'streetLabel',
  'postalCodeLabel',
  'cityLabel',
  'errorVatIdInvalid',
  'errorVatIdRejected',
  'summaryReverseCharge',
  'reverseChargeTitle',
  'reverseChargeNote',
  'buyerVatIdLabel',
  'merchantVatIdLabel',
] as const;

/** A key of {@link BUSINESS_MESSAGE_KEYS}; the text is in `locales/*.ts` like every other key. */
export type BusinessMessageKey = (typeof BUSINESS_MESSAGE_KEYS)[number];
