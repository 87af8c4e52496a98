// Type tests of the public API, checked against dist/*.d.ts by `tsc -p test/tsconfig.json`
// (run in test/readme.test.ts). At run time expectTypeOf does nothing; the compiler is
// the test. `@ts-expect-error` lines prove that wrong input is rejected.
import {
  type Catalog,
  type CatalogInput,
  type CheckoutErrorProps,
  type CheckoutMessages,
  type CheckoutTheme,
  type CheckoutThemeVariable,
  type CompiledMessages,
  compileMessages,
  defaultMessages,
  type FinishView,
  messagesFor,
  type OrderPaidData,
  type Plan,
  type PlankitError,
  type PlankitErrorCode,
  type PlanStepAction,
  type PlanStepProps,
  type PlanStepState,
  parseCatalog,
} from '@plankit/checkout';
import {
  type CheckoutEngine,
  type CheckoutEngineOptions,
  type CheckoutEvent,
  type CheckoutStore,
  type CreateIntentInput,
  createSqlStore,
  createTestPaymentProvider,
  type IntentOutcome,
  type InvoicePdfView,
  type OrderRecord,
  openCheckoutStore,
  type PaymentProvider,
  type ProviderEvent,
  renderInvoicePdf,
  type SessionState,
  type SessionUpdate,
  type SqlClient,
  type StartAttemptInput,
  type StartAttemptResult,
  type StoreError,
  type SubscriptionRenewedData,
} from '@plankit/checkout/server';

describe('catalog', () => {
  it('accepts a catalog written by hand, defaults left out, and fills them in', () => {
    const input = {
      defaultCurrency: 'EUR',
      plans: [{ id: 'basic', name: 'Basic', prices: { monthly: { EUR: 900 } } }],
      countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
    } satisfies CatalogInput;
    expectTypeOf(parseCatalog).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(parseCatalog(input)).toEqualTypeOf<Catalog>();
    // Defaults are filled in after parsing: features and tax are always there (features in
    // one language for all, or per language).
    expectTypeOf<Plan['features']>().toEqualTypeOf<string[] | Record<string, string[]>>();
    expectTypeOf<Plan['tax']>().toEqualTypeOf<'inclusive' | 'exclusive'>();
    expectTypeOf<CatalogInput['plans'][number]['features']>().toEqualTypeOf<
      string[] | Record<string, string[]> | undefined
    >();
  });

  it('rejects prices that are not whole minor units', () => {
    const plan: CatalogInput['plans'][number] = {
      id: 'basic',
      name: 'Basic',
      // @ts-expect-error prices are numbers of cents, not strings
      prices: { monthly: { EUR: '9.00' } },
    };
    expectTypeOf(plan).not.toBeAny();
  });
});

describe('messages', () => {
  it('takes a partial override, key by key', () => {
    const german = { submitPay: '{amount} bezahlen', emailLabel: 'E-Mail' };
    expectTypeOf(german).toExtend<Partial<CheckoutMessages>>();
    expectTypeOf({ ...defaultMessages, ...german }).toExtend<CheckoutMessages>();
    // The components take compiled messages: a shipped locale, or a host's own text compiled.
    expectTypeOf(compileMessages(german, messagesFor('de'))).toExtend<
      NonNullable<PlanStepProps['messages']>
    >();
    expectTypeOf(messagesFor('ar')).toEqualTypeOf<CompiledMessages>();
    // Source text with a placeholder is not a compiled message.
    expectTypeOf(german).not.toExtend<NonNullable<PlanStepProps['messages']>>();
  });

  it('rejects keys that do not exist', () => {
    // @ts-expect-error a typo in a message key is caught
    const typo: Partial<CheckoutMessages> = { submitPayy: 'Bezahlen' };
    expectTypeOf(typo).not.toBeAny();
  });
});

describe('theme', () => {
  it('names every variable and rejects unknown ones', () => {
    const theme: CheckoutTheme = { '--pk-color-primary': '#0f766e', '--pk-radius': '4px' };
    expectTypeOf(theme).toEqualTypeOf<CheckoutTheme>();
    expectTypeOf<'--pk-color-primary'>().toExtend<CheckoutThemeVariable>();
    // @ts-expect-error not a theming variable
    const wrong: CheckoutTheme = { '--pk-colour-primary': 'red' };
    expectTypeOf(wrong).not.toBeAny();
  });
});

describe('payment provider', () => {
  it('can be implemented by a plain object of your own', () => {
    const intents = new Map<string, IntentOutcome>();
    const provider = {
      id: 'acme-pay',
      renews: 'engine',
      async createIntent(input: CreateIntentInput) {
        const intentId = `acme_${input.idempotencyKey}`;
        intents.set(intentId, { status: 'requires_payment_method', intentId });
        return { intentId };
      },
      async confirmIntent(intentId: string, { paymentMethodId }: { paymentMethodId: string }) {
        const outcome: IntentOutcome = {
          status: 'succeeded',
          intentId,
          paymentMethod: { id: paymentMethodId, brand: 'visa', last4: '4242' },
          customerRef: null,
        };
        intents.set(intentId, outcome);
        return outcome;
      },
      async retrieveIntent(intentId: string): Promise<IntentOutcome> {
        return intents.get(intentId) ?? { status: 'canceled', intentId };
      },
      async cancelIntent(intentId: string): Promise<IntentOutcome> {
        return { status: 'canceled', intentId };
      },
      async chargeSavedMethod(input): Promise<IntentOutcome> {
        return { status: 'processing', intentId: input.idempotencyKey };
      },
      async parseWebhook(): Promise<ProviderEvent[]> {
        return [];
      },
    } satisfies PaymentProvider;
    expectTypeOf(provider).toExtend<CheckoutEngineOptions['provider']>();
    expectTypeOf(createTestPaymentProvider).returns.toExtend<PaymentProvider>();
  });

  it('must answer every method, and say who renews', () => {
    // @ts-expect-error renews, cancelIntent, chargeSavedMethod and parseWebhook are missing
    const incomplete: PaymentProvider = {
      id: 'half',
      createIntent: async (input) => ({ intentId: input.idempotencyKey }),
      confirmIntent: async (intentId) => ({ status: 'processing', intentId }),
      retrieveIntent: async (intentId) => ({ status: 'processing', intentId }),
    };
    expectTypeOf(incomplete).not.toBeAny();
  });

  it('never takes card data, only the payment-method id', () => {
    expectTypeOf<CreateIntentInput>().not.toHaveProperty('card');
    expectTypeOf<Parameters<PaymentProvider['confirmIntent']>[1]>().toEqualTypeOf<{
      paymentMethodId: string;
      returnUrl: string;
    }>();
  });
});

describe('store', () => {
  it('is what the built-in constructors return and what the engine takes', () => {
    expectTypeOf(createSqlStore).parameter(0).toEqualTypeOf<SqlClient>();
    expectTypeOf(createSqlStore).returns.toEqualTypeOf<CheckoutStore>();
    expectTypeOf(openCheckoutStore)
      .returns.resolves.toHaveProperty('store')
      .toEqualTypeOf<CheckoutStore>();
    expectTypeOf<CheckoutEngineOptions['store']>().toEqualTypeOf<CheckoutStore>();
    expectTypeOf<CheckoutStore['getSession']>().returns.resolves.not.toBeAny();
  });
});

describe('components', () => {
  it('take a plain async function (or a Server Action) as the plan step action', () => {
    const action = async (state: PlanStepState, _form: FormData): Promise<PlanStepState> => state;
    expectTypeOf(action).toExtend<PlanStepAction>();
    expectTypeOf<PlanStepProps['action']>().toEqualTypeOf<PlanStepAction>();
  });

  it('the plan step needs its payment fields: undefined, null or a boolean do not compile', () => {
    const fields = {} as PlanStepProps['payment'];
    expectTypeOf(fields).toExtend<PlanStepProps['payment']>();
    // @ts-expect-error payment={undefined} leaves the plan step without payment fields
    const missing: PlanStepProps['payment'] = undefined;
    // @ts-expect-error nor does null
    const none: PlanStepProps['payment'] = null;
    // @ts-expect-error nor a condition's false
    const hidden: PlanStepProps['payment'] = false;
    void [missing, none, hidden];
  });

  it('CheckoutError takes the props of a Next.js error.tsx', () => {
    type NextErrorProps = { error: Error & { digest?: string }; reset: () => void };
    expectTypeOf<NextErrorProps>().toExtend<CheckoutErrorProps>();
  });

  it('FinishView is a union on status, so a host can switch on it', () => {
    expectTypeOf<FinishView['status']>().toEqualTypeOf<
      | 'paid'
      | 'trialing'
      | 'free'
      | 'pending'
      | 'action_required'
      | 'failed'
      | 'expired'
      | 'canceled'
      | 'refunded'
      | 'not_found'
    >();
  });
});

describe('errors', () => {
  it('carry a stable code a caller can switch on', () => {
    expectTypeOf<PlankitError['code']>().toEqualTypeOf<PlankitErrorCode>();
    expectTypeOf<StoreError>().toExtend<PlankitError>();
    expectTypeOf<StoreError['operation']>().toEqualTypeOf<string>();
  });
});

describe('a store of your own', () => {
  it('gets every input type it implements against', () => {
    expectTypeOf<CheckoutStore['startAttempt']>().parameter(0).toEqualTypeOf<StartAttemptInput>();
    expectTypeOf<
      CheckoutStore['startAttempt']
    >().returns.resolves.toEqualTypeOf<StartAttemptResult>();
    expectTypeOf<CheckoutStore['applyEvent']>().parameter(0).toEqualTypeOf<SessionUpdate>();
    expectTypeOf<SessionUpdate['event']>().not.toBeAny();
    expectTypeOf<StartAttemptResult['session']['status']>().toEqualTypeOf<SessionState>();
  });

  it('rejects engine options that do not exist', () => {
    expectTypeOf(createTestPaymentProvider).parameter(0).not.toBeAny();
    // @ts-expect-error the stale-claim option is now the attempt lease
    const options: Partial<CheckoutEngineOptions> = { processingStaleMs: 1000 };
    expectTypeOf(options).not.toBeAny();
  });
});

describe('events after the purchase', () => {
  it('types each handler by its event type', () => {
    const on = (engine: CheckoutEngine) => {
      engine.on('order.paid', (event) => {
        expectTypeOf(event.type).toEqualTypeOf<'order.paid'>();
        expectTypeOf(event.data).toEqualTypeOf<OrderPaidData>();
        expectTypeOf(event.data.total).toEqualTypeOf<number>();
      });
      engine.on('subscription.renewed', (event) => {
        expectTypeOf(event.data).toEqualTypeOf<SubscriptionRenewedData>();
      });
      // @ts-expect-error not an event type
      engine.on('order.shipped', () => {});
    };
    expectTypeOf(on).not.toBeAny();
  });

  it('narrows a webhook body by its type', () => {
    const handle = (event: CheckoutEvent) => {
      if (event.type === 'order.paid') expectTypeOf(event.data.reference).toEqualTypeOf<string>();
    };
    expectTypeOf(handle).not.toBeAny();
  });

  it('renders an invoice from an order record, and answers a download by its token', () => {
    const render = (record: OrderRecord) =>
      renderInvoicePdf({ record, merchant: { name: 'Acme', address: null, vatId: null } });
    expectTypeOf(render).returns.resolves.toEqualTypeOf<Uint8Array>();
    // @ts-expect-error the seller is required
    const noSeller = (record: OrderRecord) => renderInvoicePdf({ record });
    expectTypeOf(noSeller).not.toBeAny();
    expectTypeOf<
      CheckoutEngine['getInvoicePdf']
    >().returns.resolves.toEqualTypeOf<InvoicePdfView>();
    const filename = (view: InvoicePdfView) => (view.status === 'found' ? view.filename : null);
    expectTypeOf(filename).returns.toEqualTypeOf<string | null>();
  });
});
