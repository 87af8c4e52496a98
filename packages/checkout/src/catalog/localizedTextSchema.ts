// The catalog's rules for texts per language (zod: server side only, parseCatalog).

import { z } from 'zod';
import { isKnownLanguageTag } from './localizedText.js';

/** A catalog's locale key: a known language tag, canonical (`pt-br` is read `pt-BR`). */
export const localeKey = z
  .string()
  .refine(isKnownLanguageTag, {
    message: 'is not a known language tag (BCP 47, such as de or pt-BR)',
  })
  .transform((tag) => Intl.getCanonicalLocales(tag)[0] as string);

/** A text, in one language for all or per language (each language's text not empty). */
export function localizedText(minLength: number) {
  return z.union([
    z.string().min(minLength, 'must not be empty'),
    z
      .record(localeKey, z.string().min(minLength, 'must not be empty'))
      .refine((texts) => Object.keys(texts).length > 0, { message: 'names no language' }),
  ]);
}
