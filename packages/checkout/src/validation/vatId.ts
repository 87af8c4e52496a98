import * as jsvatModule from 'jsvat-next';

type Jsvat = Pick<typeof jsvatModule, 'checkVAT' | 'countries'>;
// jsvat-next has a CommonJS build (`main`), which Node's ESM loader shows as a default
// export only, and an ES build (`module`), which bundlers pick, with named exports only.
const { checkVAT, countries }: Jsvat =
  (jsvatModule as Jsvat & { default?: Jsvat }).default ?? jsvatModule;

/** A VAT ID that passed the offline check: format and check digits (`jsvat-next`). */
export interface CheckedVatId {
  /** With its country prefix, no spaces or dots, in capitals ("FR40303265045"). */
  vatId: string;
  /** The VAT prefix (ISO 3166 except Greece: `EL`). */
  prefix: string;
  /** The number after the prefix, as the EU's VIES service takes it. */
  number: string;
}

/** Greece's VAT numbers carry `EL`, not its ISO code `GR`. */
export function vatPrefixOf(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/**
 * Checks a VAT ID offline for the buyer's country: its format and check digits, with
 * `jsvat-next` (maintained, no network, covers every EU member state and a few more). An ID
 * typed without its prefix gets the country's. Null when the ID is not valid for that country,
 * or when `jsvat-next` knows no rules for it (outside the EU and its neighbours).
 */
export function checkVatId(country: string, typed: string): CheckedVatId | null {
  const compact = typed.toUpperCase().replace(/[\s.\-/]/g, '');
  if (compact === '') return null;
  const prefix = vatPrefixOf(country);
  const withPrefix = /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`;
  if (!withPrefix.startsWith(prefix)) return null;
  const result = checkVAT(withPrefix, countries);
  if (!result.isValid || result.country?.isoCode.short !== country) return null;
  return { vatId: withPrefix, prefix, number: withPrefix.slice(prefix.length) };
}
