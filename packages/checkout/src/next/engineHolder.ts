import { directionOf } from '../messages/locales.js';
import { messagesFor } from '../messages/messagesFor.js';
import {
  type CheckoutEngine,
  createCheckoutEngine,
  createTestPaymentProvider,
  createViesVatIdChecker,
  openCheckoutStore,
  type PaymentProvider,
  pendingMigrations,
  type SqlClient,
  type TestPaymentProvider,
} from '../server.js';
import { cookieOf, localeOfRequest } from './locale.js';
import type { PlankitRuntime } from './runtime.js';

// One engine per server process, opened on first use (never at build time) and kept on
// globalThis: Next.js bundles the pages, the route handlers and the proxy apart, and
// reloads modules under `next dev`, but PGlite's folder admits one opener per process.

/** The engine, its store's client and the test provider when it is the one in use. */
export interface OpenedEngine {
  engine: CheckoutEngine;
  client: SqlClient;
  /** The built-in test provider, whose processor pages the app serves; null otherwise. */
  testProvider: TestPaymentProvider | null;
}

const holder = globalThis as typeof globalThis & {
  __plankitOpenedEngine?: Promise<OpenedEngine>;
};

/** The cookie that keeps a visitor's checkouts theirs (minted by the plan step's action). */
export const VISITOR_COOKIE = 'plankit_visitor';

/**
 * The Stripe provider, imported when Stripe is the provider: the magic comments leave it a
 * Node.js import at run time, so an app without the `stripe` package builds and runs.
 */
async function loadStripeEntry(): Promise<typeof import('../stripe.js')> {
  // The package's own name: the tsconfigs map it to src/stripe.ts, so the package
  // type-checks before its first build has written dist/.
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ '@plankit/checkout/stripe');
}

async function openEngine(runtime: PlankitRuntime): Promise<OpenedEngine> {
  const settings = runtime.settings();
  const routes = runtime.routes();
  const { store, client } = await openCheckoutStore({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    connectTimeoutMs: settings.dbConnectTimeoutMs,
    statementTimeoutMs: settings.dbStatementTimeoutMs,
    ...(settings.dbPoolMax ? { poolMax: settings.dbPoolMax } : {}),
    ...(settings.dbPooler ? { pooler: settings.dbPooler } : {}),
  });
  // The test provider keeps its payments in the same database, so several processes
  // sharing one PostgreSQL never charge twice for one key. Its processor is served by the
  // app (the handlers, `routes.testProcessor`) and reports what happens on its pages through
  // the webhook route. Its pages speak the visitor's language, and only the browser that
  // started the checkout may approve or pay there (issue 21, item 3b).
  const testProvider =
    settings.provider === 'test'
      ? createTestPaymentProvider({
          ledger: client,
          webhookUrl: routes.webhook('test'),
          merchantName: settings.merchantName,
          pages: {
            localeOf: (request) => {
              const lang = localeOfRequest(request.headers);
              return { lang, dir: directionOf(lang), text: messagesFor(lang) };
            },
            // A checkout's intent, or a card update's (manage page): the browser that asked.
            allows: async (request, intent) =>
              (await getEngine(runtime)).ownsProviderIntent(intent.metadata, {
                visitorToken: cookieOf(request.headers, VISITOR_COOKIE),
              }),
          },
        })
      : null;
  let provider: PaymentProvider;
  if (testProvider) provider = testProvider;
  else if (typeof runtime.options.provider === 'function') {
    provider = runtime.options.provider({ client });
  } else {
    const { createStripeProvider } = await loadStripeEntry();
    provider = createStripeProvider({
      secretKey: settings.stripe?.secretKey ?? '',
      webhookSecret: settings.stripe?.webhookSecret ?? '',
      apiBase: settings.stripe?.apiBase,
      publicUrl: settings.publicUrl,
    });
  }
  const engine = createCheckoutEngine({
    catalog: runtime.catalog,
    logger: runtime.logger,
    store,
    provider,
    routes,
    merchantName: settings.merchantName,
    secret: settings.secret,
    ...(settings.webhook ? { webhook: settings.webhook } : {}),
    ...(settings.smtpUrl
      ? {
          email: {
            smtpUrl: settings.smtpUrl,
            from: settings.mailFrom ?? `${settings.merchantName} <receipts@localhost>`,
          },
        }
      : {}),
    publicUrl: settings.publicUrl,
    ...(settings.merchantAddress ? { merchantAddress: settings.merchantAddress } : {}),
    ...(settings.merchantTax
      ? { merchantCountry: settings.merchantTax.country, merchantVatId: settings.merchantTax.vatId }
      : {}),
    ...(settings.vatCheckUrl
      ? { vatIdChecker: createViesVatIdChecker({ url: settings.vatCheckUrl }) }
      : {}),
    ...(settings.vatCheckTimeoutMs ? { vatIdCheckTimeoutMs: settings.vatCheckTimeoutMs } : {}),
    ...(settings.eventRetentionDays ? { eventRetentionDays: settings.eventRetentionDays } : {}),
    ...(settings.sessionRetentionDays
      ? { sessionRetentionDays: settings.sessionRetentionDays }
      : {}),
    ...(settings.invoicePrefix ? { invoicePrefix: settings.invoicePrefix } : {}),
  });
  if (!settings.smtpUrl) {
    // Said once per process: the engine is opened once.
    runtime.logger.info('[plankit] PLANKIT_SMTP_URL is not set: no receipt emails are sent.');
  }
  // The engine's background work (lost outcomes, expiry, renewals, retention, deliveries),
  // each when the store says it is due, safe in every process sharing the store.
  engine.start();
  return { engine, client, testProvider };
}

/** The process's opened engine, opening it on first use; a failure lets the next call retry. */
export function openedEngine(runtime: PlankitRuntime): Promise<OpenedEngine> {
  holder.__plankitOpenedEngine ??= openEngine(runtime).catch((error: unknown) => {
    holder.__plankitOpenedEngine = undefined;
    throw error;
  });
  return holder.__plankitOpenedEngine;
}

/** The process's checkout engine. */
export async function getEngine(runtime: PlankitRuntime): Promise<CheckoutEngine> {
  return (await openedEngine(runtime)).engine;
}

/**
 * Stops the engine's background work (a running sweep finishes; delivery claims not yet sent
 * go back to the store) and closes the store: the last step of a SIGTERM drain, after the
 * requests in flight have finished (shutdown.ts). Does nothing if it never opened.
 */
export async function closeEngine(): Promise<void> {
  const opening = holder.__plankitOpenedEngine;
  if (!opening) return;
  const opened = await opening.catch(() => null);
  if (!opened) return;
  await opened.engine.stop();
  await opened.client.close();
}

/** Store errors that pass on their own: a crashed holder's lock goes stale, a server returns. */
const PASSING_STORE_ERRORS = new Set(['store_locked', 'store_unavailable']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * Opens the engine when the server starts, so its background work runs with no visitor
 * (issue 20). A store that cannot open yet (a killed process's folder lock is not stale
 * for 10 s; a database restarting) is tried again with backoff (0.5 s, doubling, at most
 * 5 s) until it opens; meanwhile the proxy answers pages that need it with a 503. Any other
 * error (a bad configuration) is final.
 */
export async function openEngineAtStart(runtime: PlankitRuntime): Promise<void> {
  for (let attempt = 1, delay = 500; ; attempt += 1, delay = Math.min(delay * 2, 5_000)) {
    try {
      await openedEngine(runtime);
      return;
    } catch (error) {
      if (!PASSING_STORE_ERRORS.has(codeOf(error))) throw error;
      // The first failure, then about once a minute: a second host on a held folder waits.
      if (attempt === 1 || attempt % 12 === 0) {
        runtime.logger.warn(
          `[plankit] the checkout store did not open at start (try ${attempt}, ${codeOf(error)}); trying again`,
          { try: attempt, code: codeOf(error), reason: (error as Error).message },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The migrations this build has and the store lacks (opening it first, which applies them). */
export async function pendingStoreMigrations(runtime: PlankitRuntime): Promise<number[]> {
  const { client } = await openedEngine(runtime);
  return pendingMigrations(client);
}

/** Opens the store if need be and runs one statement, bounded by the client's timeouts. */
export async function probeStore(runtime: PlankitRuntime): Promise<void> {
  const { client } = await openedEngine(runtime);
  await client.query('select 1');
}
