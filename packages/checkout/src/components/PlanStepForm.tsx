'use client';

import { type FormEvent, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import { formatMessage } from '../messages/messages.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { isFreePlan, quote } from '../pricing/quote.js';
import { normalisePromoCode } from '../pricing/resolvePromoCode.js';
import { parsePlanLinkOptions } from '../routes/createCheckoutRoutes.js';
import { formatCardNumber } from '../validation/card.js';
import {
  CHECKOUT_FIELDS,
  type CheckoutField,
  type FieldError,
  needsPaymentDetails,
  type ValidationContext,
  validateField,
} from '../validation/checkoutForm.js';
import { initialPlanStepState, type PlanStepAction, type PlanStepState } from '../views/types.js';
import {
  readCheckoutKey,
  rememberCheckoutKey,
  sessionStorageOrNull,
  storeCheckoutKey,
} from './checkoutKeyStorage.js';
import { Field } from './Field.js';
import { IntervalSwitch } from './IntervalSwitch.js';
import { OrderSummary } from './OrderSummary.js';
import { SeatStepper } from './SeatStepper.js';
import { supportsFormActions, useFormActionState } from './useFormActionState.js';

/** Props of {@link PlanStepForm}. Everything here is serialisable, so it crosses into the client. */
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
  /** Shows the test provider's card hint. */
  testMode?: boolean | undefined;
}

type Errors = Partial<Record<CheckoutField, FieldError>>;

/** Maps a field to the id of its control, for focus and labels. */
const fieldId = (field: CheckoutField) => `pk-${field}`;

/** Turns a typed expiry into `MM/YY` as the visitor types (`123` → `12/3`). */
function formatExpiry(input: string): string {
  if (input.includes('/')) return input.slice(0, 7);
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The interactive part of the plan step: options, contact and payment fields, the live
 * order summary and the submit button. Posts to `action` with or without JavaScript.
 */
export function PlanStepForm(props: PlanStepFormProps) {
  const { plan, countries, currencies, intervals, action, messages, locale, testMode } = props;
  const [state, formAction, pending] = useFormActionState(
    action,
    props.initialState ?? initialPlanStepState,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const v = state.values;
  const firstInterval = intervals[0] ?? 'monthly';
  const [interval, setInterval] = useState<BillingInterval>(
    (intervals as string[]).includes(v.interval ?? '')
      ? (v.interval as BillingInterval)
      : firstInterval,
  );
  // Echoed values are the raw post: a currency the plan is not sold in would make quote() throw.
  const [currency, setCurrency] = useState(
    v.currency && currencies.includes(v.currency) ? v.currency : (currencies[0] ?? ''),
  );
  const [seats, setSeats] = useState(
    v.seats ?? String(plan.seats?.default ?? plan.seats?.min ?? 1),
  );
  const [email, setEmail] = useState(v.email ?? '');
  const [name, setName] = useState(v.name ?? '');
  const [country, setCountry] = useState(v.country ?? '');
  const [promo, setPromo] = useState(v.promo ?? '');
  const [cardNumber, setCardNumber] = useState('');
  const [cardExpiry, setCardExpiry] = useState(v.cardExpiry ?? '');
  const [cardCvc, setCardCvc] = useState('');
  const [errors, setErrors] = useState<Errors>(state.fieldErrors);
  const [idempotencyKey, setIdempotencyKey] = useState(state.idempotencyKey ?? '');
  const [seenState, setSeenState] = useState(state);
  const [focusRequest, setFocusRequest] = useState(0);

  // A new result from the server: show its errors, drop what must not be kept (card
  // number and CVC after a decline), keep the session's idempotency key.
  if (seenState !== state) {
    setSeenState(state);
    setErrors(state.fieldErrors);
    // No key back means the server will not resume that session (it belongs to another
    // browser): start a new one rather than posting a refused key again.
    setIdempotencyKey(state.idempotencyKey ?? globalThis.crypto.randomUUID());
    if (state.status === 'failed') {
      setCardNumber('');
      setCardCvc('');
    }
    if (state.status !== 'idle' || Object.keys(state.fieldErrors).length > 0) {
      setFocusRequest((n) => n + 1);
    }
  }

  // The key is minted in the browser once the page hydrates, so the prerendered page
  // stays the same for every visitor. Without JavaScript the server derives one.
  // A key this tab stored for the plan minutes ago comes first: the form was remounted
  // (the host's error boundary showed a thrown Server Action and the visitor pressed
  // "Try again"), and a new key would open a new session and could charge twice.
  useEffect(() => {
    const stored = readCheckoutKey(sessionStorageOrNull(), plan.id, Date.now());
    setIdempotencyKey((key) => key || stored || globalThis.crypto.randomUUID());
    // Links into the plan step may carry choices (e.g. the finish step's "Try again").
    if (typeof window === 'undefined' || props.initialState) return;
    const link = parsePlanLinkOptions(window.location.search);
    if (link.interval && (intervals as string[]).includes(link.interval))
      setInterval(link.interval);
    if (link.currency && currencies.includes(link.currency)) setCurrency(link.currency);
    if (link.seats && plan.seats) setSeats(String(link.seats));
    if (link.country && countries.some((c) => c.code === link.country)) setCountry(link.country);
    if (link.promo) setPromo(link.promo);
  }, [props.initialState, intervals, currencies, countries, plan.seats, plan.id]);

  // Keep the current key in the tab's storage whenever it is minted or changes (the
  // server returned another, or none and a new one was minted); see checkoutKeyStorage.ts.
  useEffect(() => {
    if (idempotencyKey) {
      rememberCheckoutKey(sessionStorageOrNull(), plan.id, idempotencyKey, Date.now());
    }
  }, [plan.id, idempotencyKey]);

  // Move focus to the first invalid field, or to the form's alert, after each failed submit.
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else alertRef.current?.focus();
  }, [focusRequest]);

  const free = isFreePlan(plan);
  const payment = needsPaymentDetails(plan);
  const countryRate = countries.find((c) => c.code === country)?.taxRateBasisPoints;
  const appliedPromo =
    state.appliedPromo && state.appliedPromo.code === normalisePromoCode(promo)
      ? state.appliedPromo
      : null;
  const seatCount = Number.parseInt(seats, 10);
  const seatsValid = !plan.seats || (seatCount >= plan.seats.min && seatCount <= plan.seats.max);
  const currentQuote = useMemo(
    () =>
      quote({
        plan,
        interval,
        currency,
        seats: plan.seats && seatsValid ? seatCount : undefined,
        promo: appliedPromo
          ? { code: appliedPromo.code, percentOff: appliedPromo.percentOff }
          : null,
        taxRateBasisPoints: countryRate ?? 0,
      }),
    [plan, interval, currency, seatCount, seatsValid, appliedPromo, countryRate],
  );

  const values: Record<CheckoutField, string> = {
    interval,
    currency,
    seats,
    email,
    name,
    country,
    promo,
    cardNumber,
    cardExpiry,
    cardCvc,
  };
  // Client-side checks use the same rules as the server; promo codes are secret, so the
  // server alone checks them.
  const validationContext: ValidationContext = {
    catalog: { countries, defaultCurrency: currencies[0] ?? '', promoCodes: [] },
    plan,
    now: new Date(),
  };
  const check = (field: CheckoutField, value: string) =>
    field === 'promo' || (field === 'seats' && !plan.seats)
      ? null
      : validateField(field, value, validationContext);

  const update = (field: CheckoutField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    // Once a field showed an error, re-check it as the visitor fixes it.
    if (errors[field])
      setErrors((prev) => ({ ...prev, [field]: check(field, value) ?? undefined }));
  };
  const blur = (field: CheckoutField) => () => {
    if (values[field] === '') return; // Do not nag before the visitor typed anything.
    const error = check(field, values[field]);
    setErrors((prev) => ({ ...prev, [field]: error ?? undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
    const formData = new FormData(event.currentTarget, submitter);
    if (formData.get('intent') !== 'apply-promo') {
      const found: Errors = {};
      for (const field of CHECKOUT_FIELDS) {
        const error = check(field, values[field]);
        if (error) found[field] = error;
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setFocusRequest((n) => n + 1);
        return;
      }
    }
    // Posting under the key starts its reuse window again: a retry after this very post
    // fails is what the stored key is for, however long the visitor took to fill the form.
    storeCheckoutKey(sessionStorageOrNull(), plan.id, idempotencyKey, Date.now());
    startTransition(() => formAction(formData));
  };

  const text = (error: FieldError | undefined | null) =>
    error
      ? formatMessage(
          // A key outside the form's set (a newer server) falls back to the generic summary.
          (messages as Partial<Record<string, string>>)[error.message] ?? messages.formErrorSummary,
          error.values,
        )
      : null;
  const errorOf = (field: CheckoutField) => text(errors[field]);
  const hasErrors = Object.values(errors).some(Boolean);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const submitLabel = free
    ? messages.submitFree
    : plan.trialDays
      ? formatMessage(messages.submitTrial, { days: plan.trialDays })
      : formatMessage(messages.submitPay, { amount: money(currentQuote.dueToday) });

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
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="promoApplied" value={appliedPromo?.code ?? ''} />

      {/* Enter in a text field submits with the form's first submit button: make that
          "pay", not the promo code's "Apply" further down. */}
      <button
        type="submit"
        name="intent"
        value="pay"
        className="pk-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {submitLabel}
      </button>
      <div ref={alertRef} tabIndex={-1} role="alert" className="pk-alert-slot">
        {state.formError ? (
          <p className="pk-alert pk-alert--error">{text(state.formError)}</p>
        ) : hasErrors ? (
          <p className="pk-alert pk-alert--error">{messages.formErrorSummary}</p>
        ) : null}
      </div>
      <p role="status" className="pk-status-slot">
        {appliedPromo && state.status === 'idle'
          ? formatMessage(messages.promoAppliedReview, {
              code: appliedPromo.code,
              percent: appliedPromo.percentOff,
              amount: money(currentQuote.dueToday),
            })
          : null}
      </p>

      <div className="pk-options">
        <IntervalSwitch
          intervals={intervals}
          value={interval}
          onChange={setInterval}
          messages={messages}
        />
        {plan.seats ? (
          <SeatStepper
            min={plan.seats.min}
            max={plan.seats.max}
            value={seats}
            onChange={update('seats', setSeats)}
            error={errorOf('seats')}
            messages={messages}
          />
        ) : null}
        {currencies.length > 1 ? (
          <Field
            id={fieldId('currency')}
            label={messages.currencyLabel}
            error={errorOf('currency')}
          >
            {(aria) => (
              <select
                {...aria}
                className="pk-input"
                name="currency"
                value={currency}
                onChange={(event) => setCurrency(event.target.value)}
              >
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <input type="hidden" name="currency" value={currency} />
        )}
      </div>

      <fieldset className="pk-group">
        <legend className="pk-section-title">{messages.contactHeading}</legend>
        <Field id={fieldId('email')} label={messages.emailLabel} error={errorOf('email')}>
          {(aria) => (
            <input
              {...aria}
              className="pk-input"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => update('email', setEmail)(event.target.value)}
              onBlur={blur('email')}
            />
          )}
        </Field>
        <Field id={fieldId('name')} label={messages.nameLabel} error={errorOf('name')}>
          {(aria) => (
            <input
              {...aria}
              className="pk-input"
              type="text"
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => update('name', setName)(event.target.value)}
              onBlur={blur('name')}
            />
          )}
        </Field>
        <Field id={fieldId('country')} label={messages.countryLabel} error={errorOf('country')}>
          {(aria) => (
            <select
              {...aria}
              className="pk-input"
              name="country"
              autoComplete="country"
              required
              value={country}
              onChange={(event) => update('country', setCountry)(event.target.value)}
            >
              <option value="">{messages.countryPlaceholder}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {free ? null : (
          <Field
            id={fieldId('promo')}
            label={messages.promoLabel}
            error={errorOf('promo')}
            hint={
              appliedPromo
                ? formatMessage(messages.promoApplied, {
                    code: appliedPromo.code,
                    percent: appliedPromo.percentOff,
                  })
                : testMode
                  ? messages.promoHint
                  : undefined
            }
          >
            {(aria) => (
              <div className="pk-inline">
                <input
                  {...aria}
                  className="pk-input"
                  type="text"
                  name="promo"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={promo}
                  onChange={(event) => update('promo', setPromo)(event.target.value)}
                  onKeyDown={(event) => {
                    // Enter in the promo field applies the code, as a visitor expects.
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    event.currentTarget.form
                      ?.querySelector<HTMLButtonElement>('button[value="apply-promo"]')
                      ?.click();
                  }}
                />
                <button
                  type="submit"
                  name="intent"
                  value="apply-promo"
                  formNoValidate
                  className="pk-button pk-button--secondary"
                  disabled={pending}
                >
                  {messages.promoApply}
                </button>
              </div>
            )}
          </Field>
        )}
      </fieldset>

      {payment ? (
        <fieldset className="pk-group">
          <legend className="pk-section-title">{messages.paymentHeading}</legend>
          {testMode ? <p className="pk-hint pk-test-hint">{messages.paymentTestHint}</p> : null}
          <Field
            id={fieldId('cardNumber')}
            label={messages.cardNumberLabel}
            error={errorOf('cardNumber')}
          >
            {(aria) => (
              <input
                {...aria}
                className="pk-input pk-input--card"
                type="text"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                maxLength={23}
                required
                value={cardNumber}
                onChange={(event) =>
                  update('cardNumber', setCardNumber)(formatCardNumber(event.target.value))
                }
                onBlur={blur('cardNumber')}
              />
            )}
          </Field>
          <div className="pk-row">
            <Field
              id={fieldId('cardExpiry')}
              label={messages.cardExpiryLabel}
              error={errorOf('cardExpiry')}
            >
              {(aria) => (
                <input
                  {...aria}
                  className="pk-input"
                  type="text"
                  name="cardExpiry"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder={messages.cardExpiryHint}
                  maxLength={7}
                  required
                  value={cardExpiry}
                  onChange={(event) =>
                    update('cardExpiry', setCardExpiry)(formatExpiry(event.target.value))
                  }
                  onBlur={blur('cardExpiry')}
                />
              )}
            </Field>
            <Field id={fieldId('cardCvc')} label={messages.cardCvcLabel} error={errorOf('cardCvc')}>
              {(aria) => (
                <input
                  {...aria}
                  className="pk-input"
                  type="text"
                  name="cardCvc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={4}
                  required
                  value={cardCvc}
                  onChange={(event) =>
                    update('cardCvc', setCardCvc)(event.target.value.replace(/\D/g, ''))
                  }
                  onBlur={blur('cardCvc')}
                />
              )}
            </Field>
          </div>
        </fieldset>
      ) : null}

      <OrderSummary
        quote={currentQuote}
        planName={plan.name}
        messages={messages}
        locale={locale}
        perSeat={Boolean(plan.seats)}
        taxPending={countryRate === undefined}
      />

      <button
        type="submit"
        name="intent"
        value="pay"
        className="pk-button pk-button--primary pk-submit"
        disabled={pending}
      >
        {pending ? messages.submitPending : submitLabel}
      </button>
    </form>
  );
}
