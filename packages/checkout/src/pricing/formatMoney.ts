import { stripeCurrency } from '../catalog/stripeCurrencies.js';
import { numberFormat } from '../messages/intlFormats.js';

/**
 * Formats an amount in minor units with `Intl.NumberFormat`. What a minor unit is comes
 * from Stripe's rules (`stripeCurrency`), not from Intl: Intl counts no decimals for ISK or
 * HUF, while Stripe's `amount` has two (ISK 10000 is 100 kr). Intl still decides the
 * digits shown where they lose nothing: ISK 10000 shows as "ISK 100", not "ISK 100.00";
 * an amount with finer digits than Intl shows gets all of Stripe's, so no money is hidden.
 */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  const exponent = minorUnitDigits(currency);
  const options = { style: 'currency', currency } as const;
  const intlDigits = numberFormat(locale, options).resolvedOptions().maximumFractionDigits ?? 2;
  const fewest = Math.min(intlDigits, exponent);
  // HUF 17550 is 175.50 Ft: all of Stripe's digits, never a rounded 176 Ft.
  const digits = amountMinor % 10 ** (exponent - fewest) === 0 ? fewest : exponent;
  return numberFormat(locale, {
    ...options,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** exponent);
}

/** Decimal digits of a currency's minor unit as Stripe's API counts them (EUR 2, JPY 0, ISK 2). */
export function minorUnitDigits(currency: string): number {
  return stripeCurrency(currency).exponent;
}
