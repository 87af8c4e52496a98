import type { Country } from './schema.js';

/**
 * The catalog's countries named in the page's language (`Intl.DisplayNames`) and sorted
 * by that language's collation (`Intl.Collator`): "Allemagne, Autriche, Belgique…" in
 * French. Without a locale the catalog's own names and order stay. A code the runtime
 * cannot name keeps the catalog's name.
 */
export function countriesIn(countries: readonly Country[], locale: string | undefined): Country[] {
  if (!locale) return [...countries];
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  return countries
    .map((country) => ({ ...country, name: names.of(country.code) ?? country.name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** One country's name in `locale` ("NL" → "Netherlands", "Niederlande"), or its code. */
export function countryNameIn(code: string, locale: string | undefined): string {
  try {
    return (
      new Intl.DisplayNames([locale ?? 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code
    );
  } catch {
    return code;
  }
}
