import { type PaymentFieldsHandle, usePaymentSlot } from '@plankit/checkout';
import { useEffect, useRef, useState } from 'react';

// The payment slot filled by a processor of the app's own choosing. A real one (Stripe,
// Adyen, …) renders its element here and exchanges the card for a payment-method id at its
// own servers; this made-up one, "Demo Pay", does it in the browser so the example needs
// no server. Either way the plan step's form posts only that id, never the card.

type Field = 'number' | 'expiry' | 'cvc';

/** The card number this demo processor declines, to show the package's failure message. */
export const DEMO_DECLINED_CARD = '4000000000000002';

const digitsOf = (value: string) => value.replace(/\D/g, '');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length >= 13 && digits.length <= 19 && sum % 10 === 0;
}

/** Demo Pay's checks: the message keys of the package's text (German in this app). */
function check(field: Field, value: string): string | null {
  if (value.trim() === '') return 'errorRequired';
  if (field === 'number') return passesLuhn(digitsOf(value)) ? null : 'errorCardLuhn';
  if (field === 'expiry')
    return /^(0[1-9]|1[0-2])\/\d{2}$/.test(value) ? null : 'errorCardExpiryFormat';
  return /^\d{3,4}$/.test(value) ? null : 'errorCardCvc';
}

export function DemoCardFields() {
  const { register, reportInvalid, state, messages } = usePaymentSlot();
  const [values, setValues] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const latest = useRef(values);
  latest.current = values;
  // After a decline the number and CVC are cleared, as a processor's element does.
  const [seen, setSeen] = useState(state);
  if (seen !== state) {
    setSeen(state);
    if (state.status === 'failed') setValues((v) => ({ ...v, number: '', cvc: '' }));
  }

  useEffect(() => {
    const handle: PaymentFieldsHandle = {
      validate() {
        const found: Partial<Record<Field, string>> = {};
        for (const field of ['number', 'expiry', 'cvc'] as const) {
          const error = check(field, latest.current[field]);
          if (error) found[field] = error;
        }
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      async createPaymentMethod() {
        // Demo Pay's "server": the id says what the card will do when charged.
        const declined = digitsOf(latest.current.number) === DEMO_DECLINED_CARD;
        return { paymentMethodId: declined ? 'pm_demo_declined' : 'pm_demo_ok' };
      },
    };
    return register(handle);
  }, [register]);
  useEffect(() => reportInvalid(Object.keys(errors).length > 0), [errors, reportInvalid]);

  const field = (name: Field, label: string, autoComplete: string) => {
    const error = errors[name];
    const text = error ? messages[error as keyof typeof messages] : null;
    return (
      <div className={`pk-field${error ? ' pk-field--invalid' : ''}`}>
        <label className="pk-label" htmlFor={`demo-${name}`}>
          {label}
        </label>
        {/* No `name`: the card is never part of the form the plan step posts. */}
        <input
          id={`demo-${name}`}
          className="pk-input"
          inputMode="numeric"
          dir="ltr"
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `demo-${name}-error` : undefined}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        />
        {text ? (
          <p className="pk-error" id={`demo-${name}-error`}>
            {String(text)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="pk-card-fields">
      {field('number', messages.cardNumberLabel, 'cc-number')}
      <div className="pk-row">
        {field('expiry', messages.cardExpiryLabel, 'cc-exp')}
        {field('cvc', messages.cardCvcLabel, 'cc-csc')}
      </div>
    </div>
  );
}
