// One checkout through the running host over plain HTTP, the way a browser without
// JavaScript does it: GET the plan step, read its <form> (including the Server Action's
// hidden fields), POST it as multipart/form-data, follow nothing, read the 303.

const ENTITIES = {
  '&quot;': '"',
  '&amp;': '&',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decode = (value) => value.replace(/&(?:quot|amp|#x27|#39|lt|gt);/g, (m) => ENTITIES[m]);

function attr(tag, name) {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decode(match[1]) : null;
}

/**
 * The fields a browser would send for the page's checkout form (submit button not
 * included): the plan step's `pk-form`, not the header's language menu before it.
 */
export function readForm(html) {
  const checkout = /<form\b[^>]*class="pk-form"/i.exec(html);
  const start = checkout ? checkout.index : html.indexOf('<form');
  const end = html.indexOf('</form>', start);
  if (start < 0 || end < 0) throw new Error('no <form> on the page');
  const form = html.slice(start, end);
  const fields = [];
  for (const [tag] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = attr(tag, 'name');
    if (!name) continue;
    const type = (attr(tag, 'type') ?? 'text').toLowerCase();
    if ((type === 'radio' || type === 'checkbox') && attr(tag, 'checked') === null) continue;
    fields.push([name, attr(tag, 'value') ?? (type === 'checkbox' ? 'on' : '')]);
  }
  for (const [, open, body] of form.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/gi)) {
    const name = attr(open, 'name');
    if (!name) continue;
    const options = [...body.matchAll(/<option\b[^>]*>/gi)].map(([tag]) => tag);
    const chosen = options.find((tag) => attr(tag, 'selected') !== null) ?? options[0];
    fields.push([name, chosen ? (attr(chosen, 'value') ?? '') : '']);
  }
  return fields;
}

/**
 * Buys a plan through the host with JavaScript off (the plan step read first, unless its
 * `html` is given). Returns the finish location, the
 * visitor cookie the Server Action set, and how long the POST took.
 */
export async function httpCheckout(
  baseUrl,
  planPath,
  overrides,
  { cookie = null, html: page = null } = {},
) {
  const headers = cookie ? { cookie } : {};
  // A form read before (`html`) is posted again as a buyer's second purchase would be.
  const html = page ?? (await (await fetch(baseUrl + planPath, { headers })).text());
  const body = new FormData();
  const fields = new Map();
  for (const [name, value] of readForm(html)) {
    if (!fields.has(name)) fields.set(name, []);
    fields.get(name).push(value);
  }
  for (const [name, value] of Object.entries({ intent: 'pay', ...overrides }))
    fields.set(name, [value]);
  for (const [name, values] of fields) for (const value of values) body.append(name, value);

  const started = performance.now();
  const response = await fetch(baseUrl + planPath, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { ...headers, origin: baseUrl },
  });
  const elapsed = performance.now() - started;
  const answer = await response.text();
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    // What the page says went wrong (its alerts), for the bench's log.
    const alerts = [...answer.matchAll(/role="alert"[^>]*>([\s\S]{0,200}?)<\/(?:p|div)>/g)]
      .map(([, text]) =>
        text
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(Boolean);
    throw new Error(
      `POST ${planPath} answered ${response.status} without a redirect${alerts.length ? `: ${alerts.join(' | ')}` : ''}`,
    );
  }
  const setCookie = response.headers.getSetCookie?.() ?? [];
  const visitor = setCookie
    .map((c) => c.split(';', 1)[0])
    .find((c) => c.startsWith('plankit_visitor='));
  return { location, cookie: visitor ?? cookie, ms: elapsed, status: response.status };
}

/**
 * Turns a card into a payment-method id at the host's test processor, as the card fields
 * do in the browser before the form is posted (the processor's tokenizer, not the host's
 * checkout, receives the card number).
 */
export async function tokenize(baseUrl, number = '4242 4242 4242 4242') {
  const response = await fetch(`${baseUrl}/test-processor/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ number, expiry: '12/39', cvc: '123' }),
  });
  const answer = await response.json();
  if (!response.ok || !answer.id) throw new Error(`the test processor refused ${number}`);
  return answer.id;
}
