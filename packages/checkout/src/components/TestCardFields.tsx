'use client';

import { useEffect, useRef, useState } from 'react';
import type { FieldError } from '../messages/fieldError.js';
import { formatFieldError } from '../messages/formatFieldError.js';
import { TEST_PROCESSOR_PATH } from '../routes/slugs.js';
import {
  type CardFieldError,
  checkCardCvc,
  checkCardExpiry,
  checkCardNumber,
  formatCardNumber,
} from '../validation/card.js';
import { Field } from './Field.js';
import { usePaymentSlot } from './paymentSlot.js';

type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'cardExpiry', 'cardCvc'];
/** The processor's names for the fields, in its answers. */
const PROCESSOR_FIELD: Record<'number' | 'expiry' | 'cvc', CardField> = {
  number: 'cardNumber',
  expiry: 'cardExpiry',
  cvc: 'cardCvc',
};

/** Props of {@link TestCardFields}. */
export interface TestCardFieldsProps {
  /**
   * The test processor's tokenising endpoint (default `/test-processor/v1/payment_methods`,
   * where the host serves the processor).
   */
  tokenizeUrl?: string;
}

type Errors = Partial<Record<CardField, FieldError>>;

/** Turns a typed expiry into `MM/YY` as the visitor types (`123` → `12/3`). */
function formatExpiry(input: string): string {
  if (input.includes('/')) return input.slice(0, 7);
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function checkField(field: CardField, values: Record<CardField, string>): FieldError | null {
  const error =
    field === 'cardNumber'
      ? checkCardNumber(values.cardNumber)
      : field === 'cardExpiry'
        ? checkCardExpiry(values.cardExpiry, new Date())
        : checkCardCvc(values.cardCvc, values.cardNumber);
  return error ? { message: error } : null;
}

/** The server's answers that are about the card itself. */
const CARD_REFUSALS = new Set<string>([
  'errorDeclined',
  'errorInsufficientFunds',
  'errorAuthenticationFailed',
]);

/**
 * The test provider's card fields, the first filler of the plan step's payment slot. They
 * check the card as the visitor types (the processor's own rules), and on Pay they send it
 * to the test processor, which answers with a payment-method id: the only thing the form
 * posts to the host. The inputs have no `name`, so the card is never part of the form post.
 * Without JavaScript they stay hidden and the visitor pays on the processor's hosted page.
 */
export function TestCardFields({
  tokenizeUrl = `${TEST_PROCESSOR_PATH}/v1/payment_methods`,
}: TestCardFieldsProps) {
  const { register, reportInvalid, state, messages, testMode, locale } = usePaymentSlot();
  const [values, setValues] = useState<Record<CardField, string>>({
    cardNumber: '',
    cardExpiry: '',
    cardCvc: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [mounted, setMounted] = useState(false);
  const [seen, setSeen] = useState(state);
  // A failed payment: the number and CVC are cleared, the expiry is kept. A refusal of the
  // card itself also marks the card number with it, so the form's focus goes there
  // (issue 13, item 9) and the visitor types another card where the cursor already is.
  if (seen !== state) {
    setSeen(state);
    if (state.status === 'failed') {
      setValues((v) => ({ ...v, cardNumber: '', cardCvc: '' }));
      const refusal = state.formError;
      if (refusal && CARD_REFUSALS.has(refusal.message)) setErrors({ cardNumber: refusal });
    }
  }
  useEffect(() => setMounted(true), []);

  // The form calls the handle on submit; it reads the latest values through the ref.
  const latest = useRef(values);
  latest.current = values;
  useEffect(
    () =>
      register({
        validate() {
          const found: Errors = {};
          for (const field of CARD_FIELDS) {
            const error = checkField(field, latest.current);
            if (error) found[field] = error;
          }
          setErrors(found);
          return Object.keys(found).length === 0;
        },
        async createPaymentMethod() {
          const { cardNumber, cardExpiry, cardCvc } = latest.current;
          try {
            const response = await fetch(tokenizeUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ number: cardNumber, expiry: cardExpiry, cvc: cardCvc }),
            });
            const body = (await response.json()) as {
              id?: string;
              errors?: Partial<Record<keyof typeof PROCESSOR_FIELD, CardFieldError>>;
            };
            if (response.ok && body.id) return { paymentMethodId: body.id };
            if (body.errors) {
              const found: Errors = {};
              for (const [name, message] of Object.entries(body.errors)) {
                const field = PROCESSOR_FIELD[name as keyof typeof PROCESSOR_FIELD];
                if (field && message) found[field] = { message };
              }
              setErrors(found);
              return { error: null };
            }
          } catch {
            // The processor did not answer: said below, the card stays typed in.
          }
          return { error: { message: 'errorPaymentMethod' } };
        },
      }),
    [register, tokenizeUrl],
  );
  const invalid = CARD_FIELDS.some((field) => errors[field]);
  useEffect(() => reportInvalid(invalid), [invalid, reportInvalid]);

  const set = (field: CardField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field showed an error, re-check it as the visitor fixes it.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: checkField(field, next) ?? undefined }));
  };
  const blur = (field: CardField) => () => {
    if (values[field] === '') return; // Do not nag before the visitor typed anything.
    setErrors((e) => ({ ...e, [field]: checkField(field, values) ?? undefined }));
  };
  // One card field: numbers read left to right in every language; `clean` tidies what the
  // visitor types (spaces in the number, the slash in the expiry).
  const cardField = (
    field: CardField,
    label: string,
    autoComplete: string,
    placeholder: string,
    maxLength: number,
    clean: (typed: string) => string,
    className = 'pk-input',
  ) => (
    <Field
      id={`pk-${field}`}
      label={label}
      error={formatFieldError(messages, errors[field], locale)}
    >
      {(aria) => (
        <input
          {...aria}
          className={className}
          type="text"
          inputMode="numeric"
          dir="ltr"
          required
          value={values[field]}
          onBlur={blur(field)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(event) => set(field, clean(event.target.value))}
        />
      )}
    </Field>
  );

  return (
    <>
      <noscript>
        <p className="pk-hint">{messages.paymentNoJsHint}</p>
      </noscript>
      <div className="pk-card-fields" hidden={!mounted}>
        {testMode ? <p className="pk-hint pk-test-hint">{messages.paymentTestHint}</p> : null}
        {cardField(
          'cardNumber',
          messages.cardNumberLabel,
          'cc-number',
          '1234 1234 1234 1234',
          23,
          formatCardNumber,
          'pk-input pk-input--card',
        )}
        <div className="pk-row">
          {cardField(
            'cardExpiry',
            messages.cardExpiryLabel,
            'cc-exp',
            messages.cardExpiryHint,
            7,
            formatExpiry,
          )}
          {cardField('cardCvc', messages.cardCvcLabel, 'cc-csc', '123', 4, (typed) =>
            typed.replace(/\D/g, ''),
          )}
        </div>
      </div>
    </>
  );
}
