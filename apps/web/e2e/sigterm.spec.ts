// SIGTERM drains a host (issue 24.5): two hosts on one PostgreSQL, checkouts posted without
// JavaScript to the first, ten at a time; once some are in flight the first host gets
// SIGTERM. Every checkout it had taken must finish (303 to the finish step, paid once), the
// ones after go to the second host as a load balancer sends them once the first stops
// listening, the host exits after closing its store, and every order's `order.paid` webhook
// arrives exactly once, from whichever host.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { expect, test } from './fixtures';
import { makeFields, planStepForm, tokenize, visibleText } from './formPost';
import { extraPort, type Host, startHost } from './host';
import { startWebhookReceiver, type WebhookReceiver } from './receivers';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const SECRET = process.env.E2E_WEBHOOK_SECRET ?? '';
const CHECKOUTS = 30;
const CONCURRENCY = 10;

/**
 * How one POST ended: answered, or turned away without running (refused: nothing listens;
 * 503: the host is draining), which a load balancer retries on another host.
 */
type Outcome = { status: number; location: string | null; text?: string } | { refused: true };

/**
 * POSTs a form on a connection of its own (as a load balancer opening one per request), so
 * a refused connection means the request never reached the host and may go elsewhere.
 */
async function postOnce(baseURL: string, form: FormData): Promise<Outcome> {
  const encoded = new Request(`${baseURL}/checkout/starter`, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseURL}/checkout/starter`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(body.length),
          origin: baseURL,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve(
            response.statusCode === 503
              ? { refused: true }
              : {
                  status: response.statusCode ?? 0,
                  location: response.headers.location ?? null,
                  // What a visitor would read, when it is not the redirect expected.
                  ...(response.statusCode === 303 ? {} : { text: visibleText(text).slice(-600) }),
                },
          ),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve({ refused: true });
      else reject(error);
    });
    request.end(body);
  });
}

test.describe('SIGTERM under load (PostgreSQL, two hosts)', () => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL');
  test.setTimeout(150_000);
  const database = `plankit_sigterm_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let first: Host | undefined;
  let second: Host | undefined;
  let receiver: WebhookReceiver | undefined;

  async function sql<T>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl || TEST_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    if (!TEST_DATABASE_URL) return;
    await sql(`create database ${database}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    receiver = await startWebhookReceiver(SECRET, extraPort(18));
    const env = {
      DATABASE_URL: databaseUrl,
      PLANKIT_WEBHOOK_URL: receiver.url,
      PLANKIT_WEBHOOK_SECRET: SECRET,
      PLANKIT_SMTP_URL: '',
    };
    first = await startHost(extraPort(16), env);
    second = await startHost(extraPort(17), env);
  });

  test.afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await receiver?.close();
    if (!TEST_DATABASE_URL) return;
    databaseUrl = '';
    await sql(`drop database if exists ${database} with (force)`);
  });

  test('requests in flight finish, the host exits with its store closed, every order.paid arrives once', async () => {
    if (!first || !second || !receiver) throw new Error('hosts not started');
    const hosts = [first, second];
    const forms: FormData[] = [];
    for (let i = 0; i < CHECKOUTS; i++) {
      const paymentMethod = await tokenize(second.baseURL, '4242 4242 4242 4242');
      // A buyer each (one address buying the plan again is asked to confirm first).
      const email = `buyer-${i}@example.com`;
      forms.push(
        await planStepForm(second.baseURL, makeFields({ paymentMethod, email, intent: 'pay' })),
      );
    }
    // The plan step of the first host once, so its form's action is compiled and warm.
    await fetch(`${first.baseURL}/checkout/starter`);

    const outcomes: { status: number; location: string | null; text?: string; host: number }[] = [];
    let inFlightAtSigterm = -1;
    let inFlight = 0;
    let stopping: Promise<void> | null = null;
    let next = 0;
    /** Hosts below this index are out of the balancer's rotation. */
    let down = 0;
    let turnedAway = 0;
    const worker = async () => {
      while (next < forms.length) {
        const form = forms[next++] as FormData;
        for (let host = down; host < hosts.length; host++) {
          inFlight++;
          const outcome = await postOnce((hosts[host] as Host).baseURL, form);
          inFlight--;
          if ('refused' in outcome) {
            // Turned away: the balancer takes that host out and tries the next.
            down = Math.max(down, host + 1);
            turnedAway++;
            continue;
          }
          outcomes.push({ ...outcome, host });
          // Once some checkouts are through and others running: the orchestrator's SIGTERM.
          if (!stopping && outcomes.length >= 3) {
            inFlightAtSigterm = inFlight;
            stopping = first?.stop() ?? null;
          }
          break;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await stopping;
    test.info().annotations.push({
      type: 'drain',
      description: `${inFlightAtSigterm} requests in flight at SIGTERM; ${turnedAway} turned away (503 or refused) and sent to the other host`,
    });

    expect(inFlightAtSigterm).toBeGreaterThan(0);
    expect(outcomes).toHaveLength(CHECKOUTS);
    for (const outcome of outcomes) {
      expect(outcome.status, outcome.text).toBe(303);
      expect(outcome.location).toContain('/checkout/finish');
    }
    const firstLog = first.logs();
    expect(firstLog).toContain('SIGTERM: draining');
    expect(firstLog).toContain('SIGTERM: drained; store closed');
    expect(firstLog).toContain('"requestsFinished":true');
    // Some went to each host: the drain happened under load.
    expect(outcomes.some((o) => o.host === 0)).toBe(true);
    expect(outcomes.some((o) => o.host === 1)).toBe(true);

    // One charge per checkout, one order each.
    const [charges] = await sql<{ n: number }>(
      `select count(*)::int as n from plankit.test_processor_intents
        where kind = 'payment' and status = 'succeeded'`,
    );
    expect(charges?.n).toBe(CHECKOUTS);
    const orders = await sql<{ id: string }>('select id from plankit.orders');
    expect(orders).toHaveLength(CHECKOUTS);

    // Every order.paid arrives once, from whichever host (the second delivers what the first
    // handed back); the receiver keeps each delivery it verified.
    const paid = () => receiver?.deliveries.filter((d) => d.type === 'order.paid') ?? [];
    await expect.poll(() => paid().length, { timeout: 40_000 }).toBeGreaterThanOrEqual(CHECKOUTS);
    const ids = paid().map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paid().map((d) => d.data.id))).toEqual(new Set(orders.map((o) => o.id)));
  });
});
