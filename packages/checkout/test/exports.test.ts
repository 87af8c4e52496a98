// Every entry of package.json "exports", imported from dist through the package's own
// name (Node resolves a package's self-reference through its "exports"), exactly as an
// app that installed it. The lists are exact: adding or removing a public name is a
// decision, made here and in a changeset.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as client from '@plankit/checkout';
import * as next from '@plankit/checkout/next';
import * as server from '@plankit/checkout/server';
import * as stripe from '@plankit/checkout/stripe';
import * as stripeClient from '@plankit/checkout/stripe/client';
import * as stripeFake from '@plankit/checkout/stripe/fake';
import * as testing from '@plankit/checkout/testing';
import { distDir } from './support.js';

const require = createRequire(import.meta.url);

const CLIENT_EXPORTS = [
  // components
  'ChangePlan',
  'CheckoutError',
  'CheckoutFallback',
  'CheckoutNotFound',
  'FindSubscription',
  'FinishStep',
  'ManageSubscription',
  'PlanChangePreview',
  'PrintButton',
  'ReceiptPage',
  'PlanList',
  'PlanStep',
  // the payment slot and its first filler, the test provider's card fields
  'TestCardFields',
  'usePaymentSlot',
  // catalog, pricing, validation shared by the form and a host's own handler
  'CHECKOUT_FIELDS',
  'CatalogError',
  'findPlan',
  'formatMoney',
  'initialPlanStepState',
  'isFreePlan',
  'parseCatalog',
  'planTexts',
  'DEFAULT_CATALOG_LOCALE',
  'isKnownLanguageTag',
  'purchasablePlans',
  'quote',
  'resolvePromoCode',
  'validateCheckout',
  // route helper
  'createCheckoutRoutes',
  'isValidCheckoutPath',
  'isValidPlanId',
  // messages and theme
  'THEME_VARIABLES',
  'defaultMessages',
  'compileMessages',
  'formatMessage',
  'messagesFor',
  'pageMessagesFor',
  'errorMessagesFor',
  'fallbackMessagesFor',
  'notFoundMessagesFor',
  'PAGE_MESSAGE_KEYS',
  // locales
  'LOCALES',
  'DEFAULT_LOCALE',
  'directionOf',
  'isLocale',
  'shippedLocaleOf',
  'countriesIn',
  // errors
  'ConfigurationError',
  'InvalidArgumentError',
  'PlankitError',
  'ProviderError',
  'StoreError',
  'BUSINESS_FIELDS',
  'EU_MEMBER_STATES',
  'isEuMemberState',
  'reverseChargeApplies',
];

const SERVER_EXPORTS = [
  'CatalogError',
  'ConfigurationError',
  'InvalidArgumentError',
  'LifecycleError',
  'PlankitError',
  'ProviderError',
  'SESSION_EVENTS',
  'SESSION_STATES',
  'StoreError',
  'TEST_CARDS',
  'canTransition',
  // the test processor, its webhooks and its clock; renewals
  'RENEWAL_RETRY_DAYS',
  'SUBSCRIPTION_EVENTS',
  'SUBSCRIPTION_STATES',
  'TEST_PROCESSOR_WEBHOOK_SECRET',
  'WebhookSignatureError',
  'createTestProcessor',
  'runTestClock',
  // the events after the purchase
  'EVENT_TYPES',
  'CheckoutStoreError',
  'StoreLockedError',
  'StoreUnavailableError',
  'buildContentSecurityPolicy',
  'buildSecurityHeaders',
  'createCheckoutEngine',
  'createPgliteClient',
  'createPostgresClient',
  'createSqlStore',
  'createTestPaymentProvider',
  'MissingDriverError',
  'openCheckoutStore',
  'parseCatalog',
  'pendingMigrations',
  'planTexts',
  'RefundError',
  'transition',
  'createViesVatIdChecker',
  'VIES_CHECK_URL',
  'withSalesTaxRates',
  // invoices and credit notes as PDF (issue 22.4)
  'renderInvoicePdf',
  'renderCreditNotePdf',
];

const TESTING_EXPORTS = [
  'describeProviderContract',
  'describeStoreContract',
  'makeCompletion',
  'makeNewSession',
  'makeQuote',
  'makeSelection',
  'makeStartAttempt',
];

const COMPONENTS = [
  'ChangePlan',
  'CheckoutError',
  'CheckoutFallback',
  'CheckoutNotFound',
  'FinishStep',
  'ManageSubscription',
  'PlanChangePreview',
  'PlanList',
  'PlanStep',
  'PrintButton',
  'ReceiptPage',
  'TestCardFields',
] as const;

describe('@plankit/checkout', () => {
  it('resolves to dist/index.js', () => {
    expect(require.resolve('@plankit/checkout')).toBe(`${distDir}/index.js`);
  });

  it('exports exactly the public names', () => {
    expect(Object.keys(client).sort()).toEqual([...CLIENT_EXPORTS].sort());
  });

  it.each(COMPONENTS)('%s is a component function', (name) => {
    expect(Reflect.get(client, name)).toBeTypeOf('function');
  });

  it('works end to end on its own: catalog, routes and quote', () => {
    const catalog = client.parseCatalog({
      defaultCurrency: 'EUR',
      plans: [{ id: 'basic', name: 'Basic', prices: { monthly: { EUR: 1000 } } }],
      countries: [{ code: 'DE', name: 'Deutschland', taxRateBasisPoints: 1900 }],
    });
    const plan = client.findPlan(catalog, 'basic');
    expect(plan?.features).toEqual([]);
    expect(client.createCheckoutRoutes().plan('basic', { interval: 'monthly' })).toBe(
      '/checkout/basic?interval=monthly',
    );
    if (!plan) throw new Error('unreachable');
    expect(
      client.quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 }).total,
    ).toBe(1190);
  });
});

describe('@plankit/checkout/server', () => {
  it('resolves to dist/server.js', () => {
    expect(require.resolve('@plankit/checkout/server')).toBe(`${distDir}/server.js`);
  });

  it('exports exactly the public names', () => {
    expect(Object.keys(server).sort()).toEqual([...SERVER_EXPORTS].sort());
  });

  it('shares the catalog functions and error classes with the main entry (one module, not a copy)', () => {
    expect(server.parseCatalog).toBe(client.parseCatalog);
    expect(server.CatalogError).toBe(client.CatalogError);
    expect(server.StoreError).toBe(client.StoreError);
    expect(new server.LifecycleError('paid', 'pay')).toBeInstanceOf(client.PlankitError);
  });
});

describe('@plankit/checkout/testing', () => {
  it('resolves to dist/testing.js', () => {
    expect(require.resolve('@plankit/checkout/testing')).toBe(`${distDir}/testing.js`);
  });

  it('exports exactly the contract suites and their fixtures', () => {
    expect(Object.keys(testing).sort()).toEqual([...TESTING_EXPORTS].sort());
  });
});

describe('the Stripe entries', () => {
  it.each([
    [
      '@plankit/checkout/stripe',
      'stripe.js',
      stripe,
      ['createStripeProvider', 'stripeConfigFromEnv', 'stripeConnectionOf'],
    ],
    ['@plankit/checkout/stripe/client', 'stripeClient.js', stripeClient, ['StripePaymentFields']],
    [
      '@plankit/checkout/stripe/fake',
      'stripeFake.js',
      stripeFake,
      ['FAKE_TEST_PAYMENT_METHODS', 'fakeCardByNumber', 'startFakeStripe'],
    ],
  ] as const)(
    '%s resolves to dist/%s and exports exactly its names',
    (entry, file, module, names) => {
      expect(require.resolve(entry)).toBe(`${distDir}/${file}`);
      expect(Object.keys(module).sort()).toEqual([...names].sort());
    },
  );
});

describe('@plankit/checkout/next', () => {
  it('resolves to dist/next/index.js', () => {
    expect(require.resolve('@plankit/checkout/next')).toBe(`${distDir}/next/index.js`);
  });

  it('exports exactly the adapter and its helpers', () => {
    expect(Object.keys(next).sort()).toEqual(
      [
        'LANGUAGE_PATH',
        'REQUEST_ID_HEADER',
        'THEME_PATH',
        'createPlankit',
        'currentRequestId',
        'languageName',
        'localeOfParam',
        'negotiateLocale',
        'withRequestId',
      ].sort(),
    );
  });
});

describe('@plankit/checkout/styles.css', () => {
  const file = require.resolve('@plankit/checkout/styles.css');
  const css = readFileSync(file, 'utf8');
  // Each once: the dark palette declares the same variables again under its selectors.
  const declared = [
    ...new Set([...css.matchAll(/^\s*(--pk-[a-z0-9-]+)\s*:/gm)].map((match) => match[1])),
  ];

  it('resolves to dist/styles.css', () => {
    expect(file).toBe(`${distDir}/styles.css`);
  });

  it('declares exactly the theme variables the package exports (THEME_VARIABLES)', () => {
    expect([...declared].sort()).toEqual([...client.THEME_VARIABLES].sort());
  });

  it('uses no --pk-* variable it does not declare', () => {
    const used = new Set([...css.matchAll(/var\(\s*(--pk-[a-z0-9-]+)/g)].map((match) => match[1]));
    expect([...used].filter((name) => !declared.includes(name))).toEqual([]);
  });
});

describe('@plankit/checkout/package.json', () => {
  it('is exported, so tools can read the version', () => {
    const manifest = require('@plankit/checkout/package.json') as { name: string };
    expect(manifest.name).toBe('@plankit/checkout');
  });
});
