import { numberFormat } from '../messages/intlFormats.js';

/**
 * Formats an amount in minor units with `Intl.NumberFormat`. The number of minor digits
 * comes from Intl itself (2 for EUR, 0 for JPY, 3 for KWD), so zero-decimal currencies
 * need no table of our own.
 */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  const format = numberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** Number of minor-unit digits of a currency according to Intl (EUR 2, JPY 0). */
export function minorUnitDigits(currency: string): number {
  return (
    numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
