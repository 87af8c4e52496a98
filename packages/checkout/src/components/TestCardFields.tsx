'use client';

import { useEffect, useRef, useState } from 'react';
import { formatFieldError } from '../messages/formatFieldError.js';
import {
  checkCardCvc,
  checkCardExpiry,
  checkCardNumber,
  formatCardNumber,
} from '../validation/card.js';
import type { FieldError } from '../validation/checkoutForm.js';
import { Field } from './Field.js';
import { usePaymentSlot } from './paymentSlot.js';

type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

/** Props of {@link TestCardFields}. */
export type TestCardFieldsProps = Record<string, never>;

/** Turns a typed expiry into `MM/YY` as the visitor types (`123` → `12/3`). */
function formatExpiry(input: string): string {
  if (input.includes('/')) return input.slice(0, 7);
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function checkCard(field: CardField, value: string): FieldError | null {
  const error =
    field === 'cardNumber'
      ? checkCardNumber(value)
      : field === 'cardExpiry'
        ? checkCardExpiry(value, new Date())
        : checkCardCvc(value);
  return error ? { message: error } : null;
}

/** The card fields' share of the server's field errors. */
function cardErrorsOf(
  fieldErrors: Partial<Record<string, FieldError>>,
): Partial<Record<CardField, FieldError>> {
  const found: Partial<Record<CardField, FieldError>> = {};
  for (const field of CARD_FIELDS) {
    const error = fieldErrors[field];
    if (error) found[field] = error;
  }
  return found;
}

/**
 * The test provider's card fields, the first filler of the plan step's payment slot:
 * number, expiry and CVC, checked as the visitor types with the same rules as the server.
 * After a failed payment the number and CVC are cleared; the expiry is kept.
 */
export function TestCardFields(_props: TestCardFieldsProps = {}) {
  const { register, reportInvalid, state, messages, testMode } = usePaymentSlot();
  const [values, setValues] = useState<Record<CardField, string>>({
    cardNumber: '',
    cardExpiry: state.values.cardExpiry ?? '',
    cardCvc: '',
  });
  const [errors, setErrors] = useState(() => cardErrorsOf(state.fieldErrors));
  const [seen, setSeen] = useState(state);
  // A new server result: show its errors; after a failure drop what must not be kept.
  if (seen !== state) {
    setSeen(state);
    setErrors(cardErrorsOf(state.fieldErrors));
    if (state.status === 'failed') setValues((v) => ({ ...v, cardNumber: '', cardCvc: '' }));
  }

  // The form calls validate() on submit; it reads the latest values through the ref.
  const latest = useRef(values);
  latest.current = values;
  useEffect(
    () =>
      register({
        validate() {
          const found: Partial<Record<CardField, FieldError>> = {};
          for (const field of CARD_FIELDS) {
            const error = checkCard(field, latest.current[field]);
            if (error) found[field] = error;
          }
          setErrors(found);
          return Object.keys(found).length === 0;
        },
      }),
    [register],
  );
  const invalid = CARD_FIELDS.some((field) => errors[field]);
  useEffect(() => reportInvalid(invalid), [invalid, reportInvalid]);

  const set = (field: CardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once a field showed an error, re-check it as the visitor fixes it.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: checkCard(field, value) ?? undefined }));
  };
  const blur = (field: CardField) => () => {
    if (values[field] === '') return; // Do not nag before the visitor typed anything.
    setErrors((e) => ({ ...e, [field]: checkCard(field, values[field]) ?? undefined }));
  };
  const errorOf = (field: CardField) => formatFieldError(messages, errors[field]);
  const input = (field: CardField) => ({
    className: 'pk-input',
    type: 'text',
    name: field,
    inputMode: 'numeric' as const,
    required: true,
    value: values[field],
    onBlur: blur(field),
  });

  return (
    <>
      {testMode ? <p className="pk-hint pk-test-hint">{messages.paymentTestHint}</p> : null}
      <Field id="pk-cardNumber" label={messages.cardNumberLabel} error={errorOf('cardNumber')}>
        {(aria) => (
          <input
            {...aria}
            {...input('cardNumber')}
            className="pk-input pk-input--card"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            onChange={(event) => set('cardNumber', formatCardNumber(event.target.value))}
          />
        )}
      </Field>
      <div className="pk-row">
        <Field id="pk-cardExpiry" label={messages.cardExpiryLabel} error={errorOf('cardExpiry')}>
          {(aria) => (
            <input
              {...aria}
              {...input('cardExpiry')}
              autoComplete="cc-exp"
              placeholder={messages.cardExpiryHint}
              maxLength={7}
              onChange={(event) => set('cardExpiry', formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field id="pk-cardCvc" label={messages.cardCvcLabel} error={errorOf('cardCvc')}>
          {(aria) => (
            <input
              {...aria}
              {...input('cardCvc')}
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              onChange={(event) => set('cardCvc', event.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
      </div>
    </>
  );
}
