// The test processor's own pages: the test bank's authentication page and the hosted
// payment page. Plain HTML with no script, so they work without JavaScript, styled by the
// processor's own stylesheet (a processor's origin does not share the shop's). Every value
// shown is escaped.

import type { CompiledMessages } from '../../messages/CheckoutMessages.js';
import { formatMessage } from '../../messages/formatMessage.js';
import { formatMoney } from '../../pricing/formatMoney.js';
import type { CardErrors } from './testCards.js';
import type { IntentRecord } from './testProcessorLedger.js';

/** The text of the processor's pages: a subset of the checkout's messages. */
export type TestProcessorText = Pick<
  CompiledMessages,
  | 'authTitle'
  | 'authLead'
  | 'authApprove'
  | 'authDecline'
  | 'hostedTitle'
  | 'hostedLead'
  | 'hostedSetupLead'
  | 'hostedCardUpdateLead'
  | 'hostedPay'
  | 'hostedSave'
  | 'hostedCancel'
  | 'hostedTestHint'
  | 'cardNumberLabel'
  | 'cardExpiryLabel'
  | 'cardExpiryHint'
  | 'cardCvcLabel'
  | 'errorRequired'
  | 'errorCardNumber'
  | 'errorCardLuhn'
  | 'errorCardExpiryFormat'
  | 'errorCardExpired'
  | 'errorCardCvc'
  | 'errorCardCvcAmex'
  | 'errorDeclined'
  | 'errorInsufficientFunds'
  | 'errorAuthenticationFailed'
  | 'formErrorSummary'
  | 'notFoundTitle'
  | 'notFoundLead'
>;

/** The page's language and direction, and its text. */
export interface PageLocale {
  lang: string;
  dir: 'ltr' | 'rtl';
  text: TestProcessorText;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(locale: PageLocale, stylesheet: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale.lang)}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main class="tp-card">
<p class="tp-badge">Test processor</p>
${body}
</main>
</body>
</html>`;
}

/** The test bank's page: approve or decline the payment (3-D Secure's stand-in). */
export function authenticationPage(
  intent: IntentRecord,
  merchantName: string,
  locale: PageLocale,
  stylesheet: string,
): string {
  const { text } = locale;
  const amount = formatMoney(intent.amount, intent.currency, locale.lang);
  return page(
    locale,
    stylesheet,
    text.authTitle,
    `<h1>${escapeHtml(text.authTitle)}</h1>
<p>${escapeHtml(formatMessage(text.authLead, { amount, merchant: merchantName }, locale.lang))}</p>
<form method="post" class="tp-actions">
<button type="submit" name="decision" value="approve" class="tp-primary">${escapeHtml(text.authApprove)}</button>
<button type="submit" name="decision" value="decline">${escapeHtml(text.authDecline)}</button>
</form>`,
  );
}

/** The answer to a page of a payment the processor does not have (a mistyped or old link). */
export function notFoundPage(locale: PageLocale, stylesheet: string): string {
  const { text } = locale;
  return page(
    locale,
    stylesheet,
    text.notFoundTitle,
    `<h1>${escapeHtml(text.notFoundTitle)}</h1>
<p>${escapeHtml(text.notFoundLead)}</p>`,
  );
}

/** The message of each refusal the processor records on an intent. */
export const TEST_CARD_ERROR_MESSAGES: Partial<Record<string, keyof TestProcessorText>> = {
  card_declined: 'errorDeclined',
  insufficient_funds: 'errorInsufficientFunds',
  authentication_failed: 'errorAuthenticationFailed',
};

/** What the hosted page shows again after a refused card: the messages, never the number. */
export interface HostedPageState {
  errors: CardErrors;
  /** A decline of the card the visitor entered (the message key). */
  formError: keyof TestProcessorText | null;
  /** The expiry as typed, kept; the number and CVC are not sent back. */
  expiry: string;
}

function field(
  name: 'number' | 'expiry' | 'cvc',
  label: string,
  attributes: string,
  error: string | null,
  value = '',
): string {
  const id = `tp-${name}`;
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div class="tp-field">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" dir="ltr" required value="${escapeHtml(value)}" ${attributes}${described}>
${error ? `<p class="tp-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

/** The hosted payment page: the card form a visitor without JavaScript pays on. */
export function hostedPaymentPage(
  intent: IntentRecord,
  merchantName: string,
  locale: PageLocale,
  stylesheet: string,
  state: HostedPageState = { errors: {}, formError: null, expiry: '' },
): string {
  const { text } = locale;
  const amount = formatMoney(intent.amount, intent.currency, locale.lang);
  const setup = intent.kind === 'setup';
  // A card saved from a subscription's manage page (its metadata says so): nothing like a
  // trial's "nothing is charged today", since an overdue payment is charged right after.
  const lead = !setup
    ? text.hostedLead
    : intent.metadata.plankit_card_update
      ? text.hostedCardUpdateLead
      : text.hostedSetupLead;
  const message = (key: keyof TestProcessorText | undefined) =>
    key ? formatMessage(text[key], {}, locale.lang) : null;
  const alert = state.formError
    ? message(state.formError)
    : Object.keys(state.errors).length > 0
      ? text.formErrorSummary
      : null;
  return page(
    locale,
    stylesheet,
    formatMessage(text.hostedTitle, { merchant: merchantName }, locale.lang),
    `<h1>${escapeHtml(formatMessage(text.hostedTitle, { merchant: merchantName }, locale.lang))}</h1>
<p>${escapeHtml(intent.description)}</p>
<p class="tp-amount">${escapeHtml(formatMessage(lead, { amount }, locale.lang))}</p>
<p class="tp-hint">${escapeHtml(text.hostedTestHint)}</p>
${alert ? `<p class="tp-alert" role="alert">${escapeHtml(alert)}</p>` : ''}
<form method="post" novalidate>
${field('number', text.cardNumberLabel, 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', message(state.errors.number))}
<div class="tp-row">
${field('expiry', text.cardExpiryLabel, `inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${escapeHtml(text.cardExpiryHint)}"`, message(state.errors.expiry), state.expiry)}
${field('cvc', text.cardCvcLabel, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', message(state.errors.cvc))}
</div>
<button type="submit" class="tp-primary">${escapeHtml(setup ? text.hostedSave : formatMessage(text.hostedPay, { amount }, locale.lang))}</button>
</form>
${intent.cancelUrl ? `<p><a href="${escapeHtml(intent.cancelUrl)}">${escapeHtml(text.hostedCancel)}</a></p>` : ''}`,
  );
}

/** The processor's stylesheet: a plain, distinct look (another origin than the shop). */
export const TEST_PROCESSOR_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef2f7;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#172033;padding:1rem}
.tp-card{background:#fff;border:1px solid #cdd5e1;border-radius:10px;padding:1.5rem;
width:min(100%,28rem);box-shadow:0 6px 24px rgb(23 32 51/8%)}
h1{font-size:1.35rem;margin:.25rem 0 .75rem}
.tp-badge{display:inline-block;margin:0;padding:.1rem .6rem;border-radius:999px;background:#fff4d6;
color:#6b4d00;font-size:.8rem;font-weight:600}
.tp-amount{font-weight:600}.tp-hint{color:#4a5568;font-size:.875rem}
.tp-field{margin-block:.75rem}.tp-field label{display:block;font-weight:600;margin-block-end:.25rem}
.tp-field input{width:100%;padding:.55rem .7rem;border:1px solid #9aa8bc;border-radius:6px;font:inherit;
text-align:start}
.tp-field input[aria-invalid=true]{border-color:#b42318}
.tp-error,.tp-alert{color:#b42318;margin:.25rem 0 0}
.tp-alert{padding:.6rem .75rem;border-radius:6px;background:#fde7e5;margin-block:.75rem}
.tp-row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.tp-actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #9aa8bc;background:#fff;
cursor:pointer}
button.tp-primary{background:#1f4fd1;border-color:#1f4fd1;color:#fff;font-weight:600}
form:not(.tp-actions)>button.tp-primary{width:100%;margin-block-start:.5rem}
:focus-visible{outline:3px solid #f5b400;outline-offset:2px}
a{color:#1f4fd1}`;
