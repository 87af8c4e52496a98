/**
 * The small pages the proxy answers with before Next.js renders anything: a request that is
 * too large, malformed, sent from another site or by an out-of-date page, and a store
 * that does not answer. Plain HTML with no script and no style of its own, so it renders
 * without JavaScript and under the strictest Content Security Policy. None says "nothing
 * was charged": only the engine could know that.
 */

/** The kinds of answer, with their status codes. */
export const ERROR_PAGES = {
  tooLarge: {
    status: 413,
    title: 'This form is too large',
    lead: 'The form sent more text than we accept. Go back, shorten what you typed, and send it again.',
  },
  malformed: {
    status: 400,
    title: 'This form could not be read',
    lead: 'The form arrived damaged or incomplete. Go back to the plan and send it again.',
  },
  foreignOrigin: {
    status: 403,
    title: 'This form came from another site',
    lead: 'For your safety we only accept checkout forms sent from this site. Open the plan here and try again.',
  },
  staleForm: {
    status: 409,
    title: 'This page is out of date',
    lead: 'The site was updated after you opened this page. Reload the plan and send the form again.',
  },
  unavailable: {
    status: 503,
    title: 'Checkout is unavailable right now',
    lead: 'We cannot reach our order records at the moment. Please try again in a minute; if you were paying, check your email for a receipt first.',
  },
} as const;

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
  options: { digest?: string; homeHref: string; siteName: string },
): string {
  const page = ERROR_PAGES[kind];
  const digest = options.digest
    ? `<p>Error reference: <code>${escapeHtml(options.digest)}</code></p>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
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
<p><a href="${escapeHtml(options.homeHref)}">Back to plans</a></p>
</main>
</body>
</html>
`;
}
