// Texts of the catalog per language and how one is looked up. No zod here: the plan step
// imports it in the browser (the rules are in localizedTextSchema.ts).

/**
 * A text of the catalog in one language for all (`'Team'`), or per language
 * (`{ en: 'Team', de: 'Team', ja: 'チーム' }`), keyed by BCP 47 language tags.
 */
export type LocalizedText = string | Readonly<Record<string, string>>;

/** The locale a catalog's texts are in when they name none (`defaultLocale`, default `en`). */
export const DEFAULT_CATALOG_LOCALE = 'en';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * Whether a tag is a language tag Intl knows (`de`, `pt-BR`, `zh-Hant`): well formed, and its
 * language has a name. `xx` or `english` are not.
 */
export function isKnownLanguageTag(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return false;
    const language = new Intl.Locale(canonical).language;
    return languageNames.of(language) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The locales to look a text up in for `locale`, best first: the locale itself, its language
 * alone (`de-AT` → `de`), then the catalog's default.
 */
export function fallbackChain(locale: string | null | undefined, defaultLocale: string): string[] {
  const chain: string[] = [];
  if (locale) {
    try {
      const [canonical] = Intl.getCanonicalLocales(locale);
      if (canonical) {
        chain.push(canonical);
        const language = new Intl.Locale(canonical).language;
        if (language !== canonical) chain.push(language);
      }
    } catch {
      // Not a language tag: the default only.
    }
  }
  chain.push(defaultLocale);
  return chain;
}

/** The text for a locale (see {@link fallbackChain}), or `undefined` when it has none. */
export function textIn(
  text: LocalizedText | undefined,
  chain: readonly string[],
): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  for (const locale of chain) {
    const found = text[locale];
    if (found !== undefined) return found;
  }
  return undefined;
}
