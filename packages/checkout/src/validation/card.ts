// The card checks the test provider's fields make as the visitor types, and its processor
// makes again when it turns the card into a payment method: one definition, used twice.

/** Keeps only the digits of what a visitor typed (spaces and dashes are fine). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Why a card field is invalid, as a message key. */
export type CardFieldError =
  | 'errorRequired'
  | 'errorCardNumber'
  | 'errorCardLuhn'
  | 'errorCardExpiryFormat'
  | 'errorCardExpired'
  | 'errorCardCvc'
  | 'errorCardCvcAmex';

/** Checks a card number: digits only, 13-19 of them, valid Luhn checksum. */
export function checkCardNumber(input: string): CardFieldError | null {
  const digits = cardDigits(input);
  if (digits === '') return 'errorRequired';
  if (!/^\d{13,19}$/.test(digits)) return 'errorCardNumber';
  if (!passesLuhn(digits)) return 'errorCardLuhn';
  return null;
}

/** Parses `MM/YY` (also `MM / YY`, `MM/YYYY`) into month and four-digit year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks an expiry date: well formed and not before the current month. */
export function checkCardExpiry(input: string, now: Date): CardFieldError | null {
  if (input.trim() === '') return 'errorRequired';
  const expiry = parseExpiry(input);
  if (!expiry) return 'errorCardExpiryFormat';
  // A card is valid through the last day of its expiry month.
  const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < currentMonth) return 'errorCardExpired';
  if (expiry.year > now.getUTCFullYear() + 20) return 'errorCardExpiryFormat';
  return null;
}

/** Whether a card number is American Express's (its CVC has four digits). */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** The brand a card number belongs to, from its leading digits (enough for a receipt). */
export function cardBrand(input: string): string {
  const digits = cardDigits(input);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (isAmex(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Checks a CVC: three digits, four for American Express (the card number tells). */
export function checkCardCvc(input: string, cardNumber = ''): CardFieldError | null {
  const cvc = input.trim();
  if (cvc === '') return 'errorRequired';
  // Not cardBrand(): the form checks CVCs in the browser, and needs no other brand there.
  if (isAmex(cardDigits(cardNumber))) return /^\d{4}$/.test(cvc) ? null : 'errorCardCvcAmex';
  return /^\d{3}$/.test(cvc) ? null : 'errorCardCvc';
}

/** Formats digits in groups of four for display while typing (`4242 4242 …`). */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
