'use client';

import {
  type FormEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import { formatFieldError } from '../messages/formatFieldError.js';
import { formatMessage } from '../messages/formatMessage.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { formReverseCharge, type MerchantTax } from '../pricing/euVat.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { isFreePlan } from '../pricing/quote.js';
import { normalisePromoCode } from '../pricing/resolvePromoCode.js';
import { shownTotalOf } from '../pricing/shownTotal.js';
import { needsPaymentDetails } from '../validation/checkoutForm.js';
import { initialPlanStepState, type PlanStepAction, type PlanStepState } from '../views/types.js';
import { BusinessFields, businessValuesOf } from './BusinessFields.js';
import { BuyerFields } from './BuyerFields.js';
import {
  readBuyer,
  sessionStorageOrNull,
  storeBuyer,
  storeCheckoutKey,
} from './checkoutKeyStorage.js';
import { FormAlerts } from './FormAlerts.js';
import { OrderSummary } from './OrderSummary.js';
import { PayButton, payLabelOf } from './PayButton.js';
import { PaymentSection } from './PaymentSection.js';
import { PaymentTerms } from './PaymentTerms.js';
import { PlanOptions } from './PlanOptions.js';
import { PromoField } from './PromoField.js';
import type { PaymentFieldsHandle } from './paymentSlot.js';
import { type FormField, initPlanStepForm, planStepFormReducer } from './planStepFormReducer.js';
import { useCheckoutKey } from './useCheckoutKey.js';
import { useFieldChecks } from './useFieldChecks.js';
import { supportsFormActions, useFormActionState } from './useFormActionState.js';
import { useLiveQuote } from './useLiveQuote.js';
import { usePlanLinkOptions } from './usePlanLinkOptions.js';

/** Props of {@link PlanStepForm}. Everything but `payment` is serialisable, so it crosses into the client. */
export interface PlanStepFormProps {
  plan: Plan;
  countries: readonly Country[];
  /** Currencies the plan is sold in, the default first. */
  currencies: readonly string[];
  intervals: readonly BillingInterval[];
  action: PlanStepAction;
  /** State to start from, e.g. the result of a submission without JavaScript. */
  initialState?: PlanStepState | undefined;
  /** The form's text (see `pickPlanStepFormMessages`); a full message set fits too. */
  messages: PlanStepFormMessages;
  locale?: string | undefined;
  /** Shows the test provider's card and promo hints. */
  testMode?: boolean | undefined;
  /** The payment provider's fields, shown when the plan charges today. */
  payment?: ReactNode;
  /** The plan's name in the page's language (`planTexts`), for the order summary. */
  planName?: string | undefined;
  /** The merchant's country and VAT ID: business buyers elsewhere in the EU get the reverse charge. */
  merchantTax?: MerchantTax | undefined;
  /** The merchant's terms and privacy policy, linked beside the Pay button. */
  termsUrl?: string | undefined;
  privacyUrl?: string | undefined;
  /** Card brands the payment provider accepts (default Visa, Mastercard, American Express). */
  acceptedCards?: readonly string[] | undefined;
}

const DEFAULT_CARDS = ['Visa', 'Mastercard', 'American Express'];

/**
 * The interactive part of the plan step: options, buyer details, promo code, the payment
 * provider's fields (a slot), the live order summary and the submit button. Its state is
 * one reducer; each section is its own component. Posts to `action` with or without
 * JavaScript.
 */
export function PlanStepForm(props: PlanStepFormProps) {
  const { plan, countries, currencies, intervals, action, messages, locale, payment } = props;
  const testMode = props.testMode === true;
  const [state, formAction, pending] = useFormActionState(
    action,
    props.initialState ?? initialPlanStepState,
  );
  const [form, dispatch] = useReducer(
    planStepFormReducer,
    { plan, currencies, intervals, countries, state },
    initPlanStepForm,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const paymentFields = useRef<PaymentFieldsHandle | null>(null);
  const [business, setBusiness] = useState(() => businessValuesOf(state.values));

  // A new result from the server: show its errors and keep the session's idempotency key.
  // No key back means the server will not resume that session (it belongs to another
  // browser): start a new one rather than posting a refused key again.
  if (form.seen !== state) {
    dispatch({
      type: 'server',
      state,
      key: state.idempotencyKey ?? globalThis.crypto.randomUUID(),
    });
  }
  useCheckoutKey(plan.id, form.idempotencyKey, dispatch);
  usePlanLinkOptions(plan, intervals, currencies, countries, Boolean(props.initialState), dispatch);

  // Back from a failed payment's "Try again" (a new page load): the email and name this
  // tab submitted minutes ago are filled in again. Not over a server's own state.
  const restoredFrom = props.initialState;
  useEffect(() => {
    if (restoredFrom) return;
    const buyer = readBuyer(sessionStorageOrNull(), Date.now());
    if (buyer) dispatch({ type: 'restore', ...buyer });
  }, [restoredFrom]);

  // The plan step is prerendered, so its server cannot know today's date (issue 13, item 8):
  // the server HTML, which is all a visitor without JavaScript reads, gives a trial's first
  // charge in days, and so does the first render here, or hydration would not match it.
  // Then the browser's clock lets the terms name the day.
  const [today, setToday] = useState<number>();
  useEffect(() => setToday(Date.now()), []);

  // Move focus to the first invalid field, or to the form's alert, after each failed submit.
  useEffect(() => {
    if (form.focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [form.focusRequest]);

  const { values } = form;
  const countryRate = countries.find((c) => c.code === values.country)?.taxRateBasisPoints;
  const appliedPromo =
    state.appliedPromo && state.appliedPromo.code === normalisePromoCode(values.promo)
      ? state.appliedPromo
      : null;
  const reverseCharge = formReverseCharge(props.merchantTax, values.country, business);
  const currentQuote = useLiveQuote(plan, values, appliedPromo, countryRate, reverseCharge);

  const { change, blur, checkAll } = useFieldChecks(plan, countries, currencies, form, dispatch);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || form.preparing) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
    const formData = new FormData(event.currentTarget, submitter);
    const paying = formData.get('intent') !== 'apply-promo';
    if (paying) {
      const found = checkAll();
      const paymentOk = paymentFields.current?.validate() ?? true;
      if (Object.keys(found).length > 0 || !paymentOk) {
        dispatch({ type: 'invalid', errors: found, paymentInvalid: !paymentOk });
        return;
      }
    }
    // Posting under the key starts its reuse window again: a retry after this very post
    // fails is what the stored key is for, however long the visitor took to fill the form.
    storeCheckoutKey(sessionStorageOrNull(), plan.id, form.idempotencyKey, Date.now());
    storeBuyer(sessionStorageOrNull(), { email: values.email, name: values.name }, Date.now());
    const fields = paying ? paymentFields.current : null;
    if (!fields) {
      startTransition(() => formAction(formData));
      return;
    }
    // The provider's fields make a payment-method id first; only that id is posted.
    dispatch({ type: 'preparing' });
    void fields.createPaymentMethod().then((made) => {
      if ('error' in made) {
        dispatch({ type: 'paymentFailed', error: made.error });
        return;
      }
      formData.set('paymentMethod', made.paymentMethodId);
      dispatch({ type: 'prepared' });
      startTransition(() => formAction(formData));
    });
  };

  const errorOf = (field: FormField) => formatFieldError(messages, form.errors[field], locale);
  const money = (amount: number) => formatMoney(amount, values.currency, locale);
  const payLabel = payLabelOf(plan, messages, money(currentQuote.dueToday), locale);

  const reportInvalid = useCallback(
    (invalid: boolean) => dispatch({ type: 'paymentErrors', invalid }),
    [],
  );

  return (
    <form
      ref={formRef}
      className="pk-form"
      // React 18 cannot post a function without JavaScript; onSubmit covers it there.
      action={supportsFormActions ? formAction : undefined}
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending || undefined}
    >
      <input type="hidden" name="plan" value={plan.id} />
      <input type="hidden" name="idempotencyKey" value={form.idempotencyKey} />
      <input type="hidden" name="promoApplied" value={appliedPromo?.code ?? ''} />
      {/* The total next to the button: the engine charges nothing when its quote differs. */}
      <input type="hidden" name="shownTotal" value={shownTotalOf(currentQuote)} />
      <PayButton label={payLabel} pending={pending} pendingLabel="" hiddenDefault />
      <FormAlerts
        ref={alertRef}
        formError={formatFieldError(messages, form.clientError ?? state.formError, locale)}
        hasErrors={Object.values(form.errors).some(Boolean) || form.paymentInvalid}
        status={
          state.status !== 'idle'
            ? null
            : state.review === 'total-changed'
              ? formatMessage(
                  messages.totalChangedReview,
                  { amount: money(currentQuote.total) },
                  locale,
                )
              : appliedPromo
                ? formatMessage(
                    messages.promoAppliedReview,
                    {
                      code: appliedPromo.code,
                      percent: appliedPromo.percentOff,
                      // A trial charges nothing today: name what it will charge, never €0.00.
                      amount: money(
                        currentQuote.dueToday > 0 ? currentQuote.dueToday : currentQuote.total,
                      ),
                    },
                    locale,
                  )
                : null
        }
        messages={messages}
      />
      <PlanOptions
        plan={plan}
        intervals={intervals}
        currencies={currencies}
        values={values}
        errorOf={errorOf}
        onChange={change}
        messages={messages}
        locale={locale}
      />
      <fieldset className="pk-group">
        <legend className="pk-section-title">{messages.contactHeading}</legend>
        <BuyerFields
          countries={countries}
          values={values}
          errorOf={errorOf}
          onChange={change}
          onBlur={blur}
          messages={messages}
        />
        <BusinessFields
          values={business}
          errors={form.errors}
          onChange={setBusiness}
          messages={messages}
          locale={locale}
        />
        {isFreePlan(plan) ? null : (
          <PromoField
            value={values.promo}
            error={errorOf('promo')}
            applied={appliedPromo}
            onChange={(value) => change('promo', value)}
            pending={pending}
            testMode={testMode}
            messages={messages}
            locale={locale}
          />
        )}
      </fieldset>
      {needsPaymentDetails(plan) && payment ? (
        <PaymentSection
          handle={paymentFields}
          onInvalid={reportInvalid}
          state={state}
          messages={messages}
          testMode={testMode}
          locale={locale}
          charge={{
            amount: currentQuote.dueToday,
            currency: currentQuote.currency,
            interval: currentQuote.interval,
            mode: currentQuote.trialDays ? 'setup' : 'subscription',
          }}
        >
          {payment}
        </PaymentSection>
      ) : null}
      <OrderSummary
        quote={currentQuote}
        planName={props.planName ?? (typeof plan.name === 'string' ? plan.name : plan.id)}
        messages={messages}
        locale={locale}
        perSeat={Boolean(plan.seats)}
        taxPending={countryRate === undefined}
      />
      <PayButton
        label={payLabel}
        pending={pending || form.preparing}
        pendingLabel={messages.submitPending}
      />
      <PaymentTerms
        quote={currentQuote}
        money={money}
        acceptedCards={props.acceptedCards ?? DEFAULT_CARDS}
        termsUrl={props.termsUrl}
        privacyUrl={props.privacyUrl}
        locale={locale}
        taxPending={countryRate === undefined}
        today={today}
        messages={messages}
      />
    </form>
  );
}
