import type { CompiledMessages } from './CheckoutMessages.js';
import { ar } from './compiled/ar.js';
import { da } from './compiled/da.js';
import { de } from './compiled/de.js';
import { en } from './compiled/en.js';
import { es } from './compiled/es.js';
import { fr } from './compiled/fr.js';
import { he } from './compiled/he.js';
import { HOST_TEXT } from './compiled/hostText.js';
import { it } from './compiled/it.js';
import { ja } from './compiled/ja.js';
import { ko } from './compiled/ko.js';
import { nl } from './compiled/nl.js';
import { pl } from './compiled/pl.js';
import { ptBR } from './compiled/pt-BR.js';
import { sv } from './compiled/sv.js';
import { tr } from './compiled/tr.js';
import { zhCN } from './compiled/zh-CN.js';
import { type Locale, shippedLocaleOf } from './locales.js';
import type { PageMessageKey } from './pageMessageKeys.js';

const COMPILED: Record<Locale, CompiledMessages> = {
  en,
  de,
  fr,
  es,
  it,
  nl,
  'pt-BR': ptBR,
  pl,
  sv,
  da,
  ja,
  ko,
  'zh-CN': zhCN,
  tr,
  ar,
  he,
};

/**
 * The compiled messages of a shipped locale (the language's, else English), for the components'
 * `messages`. All 16 locales are in this module: call it on the server, and let only the
 * page's locale cross into the browser (the plan step picks what its form needs).
 */
export function messagesFor(locale: string): CompiledMessages {
  return COMPILED[shippedLocaleOf(locale)];
}

/**
 * The host pages' own text in a shipped locale (the language's, else English): page titles, the
 * language menu, the pages a host answers with before the checkout renders.
 */
export function pageMessagesFor(locale: string): Record<PageMessageKey, string> {
  return HOST_TEXT[shippedLocaleOf(locale)];
}
