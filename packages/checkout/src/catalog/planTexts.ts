import { fallbackChain, type LocalizedText, textIn } from './localizedText.js';
import type { Catalog, Plan } from './schema.js';

/** A plan's texts in one language. */
export interface PlanTexts {
  name: string;
  description: string;
  features: readonly string[];
  highlight?: string | undefined;
}

type PlanTextFields = Pick<
  Plan,
  'name' | 'description' | 'features' | 'highlight' | 'defaultLocale'
>;

/**
 * A plan's name, description, features and highlight in `locale` (BCP 47: the page's or the
 * buyer's), each falling back on its own to the language alone (`de-AT` → `de`) and then to
 * the catalog's default locale. Pure: components, the engine's views and emails all read
 * plan texts through it.
 */
export function planTexts(plan: PlanTextFields, locale?: string | null): PlanTexts {
  const chain = fallbackChain(locale, plan.defaultLocale);
  const features = Array.isArray(plan.features)
    ? plan.features
    : (chain.map((tag) => (plan.features as Record<string, string[]>)[tag]).find(Boolean) ?? []);
  const highlight = textIn(plan.highlight, chain);
  return {
    name: textIn(plan.name, chain) ?? '',
    description: textIn(plan.description, chain) ?? '',
    features,
    ...(highlight === undefined ? {} : { highlight }),
  };
}

const perLanguage = (
  value: LocalizedText | readonly string[] | Readonly<Record<string, string[]>> | undefined,
) =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value)
    ? Object.keys(value)
    : [];

/**
 * For each language the catalog's texts are given in, the plans (and fields) that lack a
 * text in it (they fall back to the default locale there): what `parseCatalog` warns about.
 */
export function missingPlanTexts(catalog: Catalog): string[] {
  const locales = new Set<string>();
  for (const plan of catalog.plans) {
    for (const field of [plan.name, plan.description, plan.features, plan.highlight]) {
      for (const locale of perLanguage(field)) locales.add(locale);
    }
  }
  locales.delete(catalog.defaultLocale);
  const warnings: string[] = [];
  for (const locale of [...locales].sort()) {
    const missing: string[] = [];
    for (const plan of catalog.plans) {
      // A text given per language that lacks this one; a plain string (or list) is the
      // author's text for every language, a brand name say, and lacks nothing.
      const fields = (['name', 'description', 'features', 'highlight'] as const).filter((field) => {
        const languages = perLanguage(plan[field]);
        return languages.length > 0 && !languages.includes(locale);
      });
      if (fields.length > 0) missing.push(`plan "${plan.id}" (${fields.join(', ')})`);
    }
    if (missing.length > 0) {
      warnings.push(
        `locale ${locale}: no text for ${missing.join('; ')}; the ${catalog.defaultLocale} text is shown`,
      );
    }
  }
  return warnings;
}
