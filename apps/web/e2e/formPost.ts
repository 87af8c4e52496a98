/**
 * Posts the plan step's form the way a browser without JavaScript does (multipart, with the
 * Server Action's hidden fields from the prerendered page), or any bytes an attacker
 * chooses, straight over HTTP. For the hostile and fuzz tests (issue 12, items 6 and 8).
 */

/** The fields a visitor fills in, named as the form posts them. */
export type PlanStepFields = Record<string, string>;

/**
 * A visitor's valid submission of the starter plan, as a browser without JavaScript posts
 * it: no card, so the answer sends the visitor to the processor's hosted page. Add a
 * `paymentMethod` (see {@link tokenize}) to post as the card fields do.
 */
export function makeFields(overrides: PlanStepFields = {}): PlanStepFields {
  return {
    plan: 'starter',
    interval: 'monthly',
    currency: 'EUR',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    country: 'DE',
    promo: '',
    ...overrides,
  };
}

/**
 * Turns a card into a payment-method id at the test processor, as the card fields do in
 * the browser (and as a card tester's script would).
 */
export async function tokenize(baseURL: string, number: string): Promise<string> {
  const response = await fetch(`${baseURL}/test-processor/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseURL).origin },
    body: JSON.stringify({
      number,
      expiry: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
      cvc: '123',
    }),
  });
  const answer = (await response.json()) as { id?: string };
  if (!response.ok || !answer.id) throw new Error(`the test processor refused ${number}`);
  return answer.id;
}

const hiddenCache = new Map<string, Array<[string, string]>>();

/** The hidden inputs of a plan step's form (the Server Action reference and its state). */
export async function hiddenInputs(
  baseURL: string,
  planId: string,
): Promise<Array<[string, string]>> {
  const key = `${baseURL} ${planId}`;
  const cached = hiddenCache.get(key);
  if (cached) return cached;
  const html = await (await fetch(`${baseURL}/checkout/${planId}`)).text();
  const inputs = [
    ...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g),
  ].map(([, name = '', value = '']): [string, string] => [name, decodeEntities(value)]);
  hiddenCache.set(key, inputs);
  return inputs;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * The form a browser without JavaScript sends for these fields. The page's `shownTotal`
 * (the total of its default choices) is left out unless `fields` sets one: these fields
 * replace the defaults, so it would not describe them, and the engine would answer with a
 * review of the new total (no-javascript.spec.ts walks through that review as a visitor).
 */
export async function planStepForm(
  baseURL: string,
  fields: PlanStepFields,
  planId = fields.plan ?? 'starter',
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of await hiddenInputs(baseURL, planId)) {
    if (name !== 'shownTotal') form.append(name, value);
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** What came back: status, headers and the body's text. */
export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** POSTs to a plan step as a same-site browser would (its Origin), without following redirects. */
export async function post(
  baseURL: string,
  body: BodyInit,
  init: { planId?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${baseURL}/checkout/${init.planId ?? 'starter'}`, {
    method: 'POST',
    redirect: 'manual',
    body,
    headers: {
      origin: new URL(baseURL).origin,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The visible text of an HTML answer, roughly: tags and scripts gone, spaces squeezed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The suite's base URL (Playwright's `baseURL`), which every test here has. */
export function siteOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('no baseURL: set `use.baseURL` in playwright.config.ts');
  return baseURL;
}
