import type { FallbackMessageKey } from '../messages/fallbackMessages.js';
import { directionOf } from '../messages/locales.js';
import { pageMessagesFor } from '../messages/messagesFor.js';
import type { PageMessageKey } from '../messages/pageMessageKeys.js';
import { errorMessagesFor, fallbackMessagesFor } from '../messages/pageText.js';

/**
 * The small pages the proxy answers with before Next.js renders anything: a request that is
 * too large, malformed, sent from another site or by an out-of-date page, and a store
 * that does not answer. Plain HTML with no script and no style of its own, so it renders
 * without JavaScript and under the strictest Content Security Policy. None says "nothing
 * was charged": only the engine could know that.
 */

/** The kinds of answer, with their status codes and the keys of their text. */
export const ERROR_PAGES = {
  tooLarge: { status: 413, title: 'requestTooLargeTitle', lead: 'requestTooLargeLead' },
  malformed: { status: 400, title: 'requestMalformedTitle', lead: 'requestMalformedLead' },
  foreignOrigin: { status: 403, title: 'requestForeignTitle', lead: 'requestForeignLead' },
  staleForm: { status: 409, title: 'requestStaleTitle', lead: 'requestStaleLead' },
  unavailable: { status: 503, title: 'fallbackTitle', lead: 'storeUnavailableLead' },
} as const satisfies Record<
  string,
  { status: number; title: PageMessageKey | FallbackMessageKey; lead: PageMessageKey }
>;

/** A kind of error page. */
export type ErrorPageKind = keyof typeof ERROR_PAGES;

/** Seconds a visitor (or a crawler) should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML of an error page. `digest` is the reference the log line carries, shown so
 * support can find it; `homeHref` leads back to the plans.
 */
export function renderErrorPage(
  kind: ErrorPageKind,
  options: { digest?: string; homeHref: string; siteName: string; locale?: string },
): string {
  const locale = options.locale ?? 'en';
  const text: Record<PageMessageKey | FallbackMessageKey, string> = {
    ...pageMessagesFor(locale),
    ...fallbackMessagesFor(locale),
  };
  const { errorDigest, errorHome } = errorMessagesFor(locale);
  const page = { title: text[ERROR_PAGES[kind].title], lead: text[ERROR_PAGES[kind].lead] };
  const digest = options.digest
    ? `<p>${escapeHtml(errorDigest)}: <code>${escapeHtml(options.digest)}</code></p>`
    : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale)}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} — ${escapeHtml(options.siteName)}</title>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.lead)}</p>
${digest}
<p><a href="${escapeHtml(options.homeHref)}">${escapeHtml(errorHome)}</a></p>
</main>
</body>
</html>
`;
}
