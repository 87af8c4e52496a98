import 'server-only';
import { directionOf, messagesFor } from '@plankit/checkout';
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
} from '@plankit/checkout/server';
import { createStripeProvider } from '@plankit/checkout/stripe';
import pRetry from 'p-retry';
import { catalog } from './catalog';
import { config } from './config';
import { localeOfRequest } from './locale';
import { engineLog, log } from './log';
import { visitorTokenOf } from './requestContext';
import { routes } from './routes';
import { registerStoreProbe } from './storeHealth';

// One engine per server process, created on first use (not at build time). Kept on
// globalThis so dev-mode module reloads do not open a second PGlite on the same folder.
interface OpenedEngine {
  engine: CheckoutEngine;
  client: SqlClient;
  /** The test provider, when it is the one configured (no Stripe keys). */
  testProvider: TestPaymentProvider | null;
}

const holder = globalThis as typeof globalThis & {
  __plankitOpenedEngine?: Promise<OpenedEngine>;
};

async function openEngine(): Promise<OpenedEngine> {
  const { store, client } = await openCheckoutStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    // PLANKIT_DB_POOL_MAX and PLANKIT_DB_POOLER (PgBouncer in transaction mode).
    ...(config.dbPoolMax ? { poolMax: config.dbPoolMax } : {}),
    ...(config.dbPooler ? { pooler: config.dbPooler } : {}),
  });
  // With the Stripe keys set, Stripe (its webhooks come to /api/webhooks/stripe). Else the
  // test provider: it keeps its payments in the same database, so several host processes
  // sharing one Postgres still never charge twice for one key. Its processor is served by
  // this host (app/test-processor) and reports what happens on its pages through the
  // webhook route (app/api/webhooks/[provider]).
  const testProvider = config.stripe
    ? null
    : createTestPaymentProvider({
        ledger: client,
        webhookUrl: routes.webhook('test'),
        merchantName: config.merchantName,
        // Its pages speak the visitor's language, as the proxy chose it (lib/locale.ts), and
        // only the browser that started the checkout may approve or pay its payment there:
        // a leaked bank or payment link shows "not found" (issue 21, item 3b).
        pages: {
          localeOf: (request) => {
            const lang = localeOfRequest(request.headers);
            return { lang, dir: directionOf(lang), text: messagesFor(lang) };
          },
          allows: async (request, intent) =>
            (await getEngine()).ownsCheckout(intent.metadata.plankit_session, {
              visitorToken: visitorTokenOf(request.headers),
            }),
        },
      });
  const provider: PaymentProvider =
    testProvider ??
    createStripeProvider({
      secretKey: config.stripe?.secretKey ?? '',
      webhookSecret: config.stripe?.webhookSecret ?? '',
      apiBase: config.stripe?.apiBase,
      publicUrl: config.publicUrl,
    });
  const engine = createCheckoutEngine({
    catalog,
    // JSON lines with the request's id (lib/log.ts).
    logger: engineLog,
    store,
    provider,
    routes,
    merchantName: config.merchantName,
    secret: config.secret,
    // Outgoing webhooks (PLANKIT_WEBHOOK_URL, PLANKIT_WEBHOOK_SECRET), delivered from the
    // outbox by the background work below.
    ...(config.webhook ? { webhook: config.webhook } : {}),
    // Receipt emails (PLANKIT_SMTP_URL, PLANKIT_MAIL_FROM), linking to PLANKIT_PUBLIC_URL.
    ...(config.smtpUrl
      ? {
          email: {
            smtpUrl: config.smtpUrl,
            from: config.mailFrom ?? `${config.merchantName} <receipts@localhost>`,
          },
        }
      : {}),
    publicUrl: config.publicUrl,
    ...(config.merchantAddress ? { merchantAddress: config.merchantAddress } : {}),
    // The EU reverse charge (PLANKIT_MERCHANT_COUNTRY, PLANKIT_MERCHANT_VAT_ID) and the
    // online VAT ID check, when PLANKIT_VAT_CHECK_URL is set.
    merchantCountry: config.merchantTax.country,
    merchantVatId: config.merchantTax.vatId,
    ...(config.vatCheckUrl
      ? { vatIdChecker: createViesVatIdChecker({ url: config.vatCheckUrl }) }
      : {}),
    ...(config.vatCheckTimeoutMs ? { vatIdCheckTimeoutMs: config.vatCheckTimeoutMs } : {}),
    // Retention (PLANKIT_EVENT_RETENTION_DAYS, PLANKIT_SESSION_RETENTION_DAYS), part of the
    // sweeps below.
    ...(config.eventRetentionDays ? { eventRetentionDays: config.eventRetentionDays } : {}),
    ...(config.sessionRetentionDays ? { sessionRetentionDays: config.sessionRetentionDays } : {}),
    // Invoice and credit-note numbers (PLANKIT_INVOICE_PREFIX, default INV-).
    ...(config.invoicePrefix ? { invoicePrefix: config.invoicePrefix } : {}),
  });
  if (!config.smtpUrl) {
    // Said once per process: the engine is opened once.
    log.info('[plankit] PLANKIT_SMTP_URL is not set: no receipt emails are sent.');
  }
  // The engine's own background work: settling lost payment outcomes, expiring unpaid
  // sessions, renewing subscriptions and deleting what is past its retention, each when the
  // store says it is due, safe in every process sharing the store.
  engine.start();
  return { engine, client, testProvider };
}

function openedEngine(): Promise<OpenedEngine> {
  holder.__plankitOpenedEngine ??= openEngine().catch((error: unknown) => {
    holder.__plankitOpenedEngine = undefined; // Let the next request try again.
    throw error;
  });
  return holder.__plankitOpenedEngine;
}

/** Store errors that pass on their own: a crashed holder's lock goes stale, a server comes back. */
const PASSING_STORE_ERRORS = new Set(['store_locked', 'store_unavailable']);

/**
 * Opens the engine when the server starts and starts its background work (deliveries,
 * renewals, sweeps) without waiting for a visitor (issue 20). A store that cannot be opened
 * yet (the folder lock of a process killed a moment ago is not stale for 10 s; a database
 * that is restarting) is tried again with backoff (0.5 s, doubling, at most 5 s) until it
 * opens. Each try fails fast, so requests meanwhile get the proxy's 503 with `Retry-After`
 * and the real reason in its log line. Any other error (a bad configuration) is final.
 */
export async function openEngineAtStart(): Promise<void> {
  await pRetry(() => openedEngine(), {
    retries: Number.POSITIVE_INFINITY,
    minTimeout: 500,
    factor: 2,
    maxTimeout: 5_000,
    shouldRetry: ({ error }) => PASSING_STORE_ERRORS.has(codeOf(error)),
    onFailedAttempt: ({ error, attemptNumber }) => {
      // The first failure, then about once a minute: a second host on a held folder waits.
      const quiet = attemptNumber > 1 && attemptNumber % 12 !== 0;
      if (!PASSING_STORE_ERRORS.has(codeOf(error)) || quiet) return;
      log.warn(
        { try: attemptNumber, code: codeOf(error), reason: error.message },
        `[plankit] the checkout store did not open at start (try ${attemptNumber}, ${codeOf(error)}); trying again`,
      );
    },
  });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * Stops the engine's background work (a running sweep finishes; delivery claims not yet sent
 * go back to the store) and closes the store: the last step of a SIGTERM drain, after the
 * requests in flight have finished (lib/shutdown.ts). Does nothing if it never opened.
 */
export async function closeEngine(): Promise<void> {
  const opening = holder.__plankitOpenedEngine;
  if (!opening) return;
  const opened = await opening.catch(() => null);
  if (!opened) return;
  await opened.engine.stop();
  await opened.client.close();
}

/** The process's checkout engine. */
export async function getEngine(): Promise<CheckoutEngine> {
  return (await openedEngine()).engine;
}

/** The built-in test provider, whose processor pages the host serves; null with Stripe. */
export async function getTestProvider(): Promise<TestPaymentProvider | null> {
  return (await openedEngine()).testProvider;
}

/**
 * The migrations this build has and the store lacks (opening the store first, which
 * applies them): empty once this process's store is up to date. `/api/ready` asks it.
 */
export async function pendingStoreMigrations(): Promise<number[]> {
  const { client } = await openedEngine();
  return pendingMigrations(client);
}

// The proxy asks this before rendering a page that needs the store: it opens the store if
// needed (a locked folder or an unreachable server fails here, with a typed error) and
// runs one statement, bounded by the client's own timeouts.
registerStoreProbe(async () => {
  const { client } = await openedEngine();
  await client.query('select 1');
});
