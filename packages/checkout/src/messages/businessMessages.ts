import type { CheckoutMessages } from './CheckoutMessages.js';

/** The keys of what a business buyer sees: their details, the VAT ID and the reverse charge. */
export type BusinessMessageKey =
  | 'businessToggle'
  | 'businessHint'
  | 'companyLabel'
  | 'vatIdLabel'
  | 'vatIdHint'
  | 'streetLabel'
  | 'postalCodeLabel'
  | 'cityLabel'
  | 'errorVatIdInvalid'
  | 'errorVatIdRejected'
  | 'summaryReverseCharge'
  | 'reverseChargeTitle'
  | 'reverseChargeNote'
  | 'buyerVatIdLabel'
  | 'merchantVatIdLabel';

/** The business-buyer keys the plan-step form reads (they cross into the browser with it). */
export const BUSINESS_FORM_MESSAGE_KEYS = [
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
] as const satisfies readonly BusinessMessageKey[];

/** The English text of the business-buyer keys. */
export const defaultBusinessMessages: Pick<CheckoutMessages, BusinessMessageKey> = {
  businessToggle: 'Buying for a business',
  businessHint: 'Add your company’s details and VAT ID to get a business invoice.',
  companyLabel: 'Company name',
  vatIdLabel: 'VAT or tax ID (optional)',
  vatIdHint: 'With or without the country prefix, such as FR40303265045.',
  streetLabel: 'Billing address',
  postalCodeLabel: 'Postal code',
  cityLabel: 'City',
  errorVatIdInvalid:
    'This is not a valid VAT ID for the country you chose. Check the number and its check digits.',
  errorVatIdRejected: 'The EU VAT register (VIES) does not know this VAT ID. Check the number.',
  summaryReverseCharge: 'VAT 0% (reverse charge)',
  reverseChargeTitle: 'Reverse charge',
  reverseChargeNote:
    'VAT to be accounted for by the recipient (Art. 196, Council Directive 2006/112/EC).',
  buyerVatIdLabel: 'Buyer’s VAT ID',
  merchantVatIdLabel: 'Seller’s VAT ID',
};
