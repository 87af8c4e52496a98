import type { BusinessMessageKey } from '../messages/businessMessages.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import { formatFieldError } from '../messages/formatFieldError.js';
import type { BUSINESS_FIELDS, CheckoutField, FieldError } from '../validation/checkoutForm.js';
import { FIELD_MAX_LENGTH } from '../validation/checkoutForm.js';
import { Field } from './Field.js';

/** What a business buyer typed (`business` is the box). */
export type BusinessValues = { business: boolean } & Record<
  (typeof BUSINESS_FIELDS)[number],
  string
>;

/** Props of {@link BusinessFields}. */
export interface BusinessFieldsProps {
  values: BusinessValues;
  /** Field messages from the server or the form (only the business fields are read). */
  errors: Partial<Record<CheckoutField, FieldError>>;
  onChange: (values: BusinessValues) => void;
  messages: Pick<CheckoutMessages, BusinessMessageKey> & Parameters<typeof formatFieldError>[0];
  /** The page's locale: numbers in the field errors (a maximum length) are written in it. */
  locale?: string | undefined;
}

/** Reads the business fields out of the form's echoed values. */
export function businessValuesOf(values: Partial<Record<CheckoutField, string>>): BusinessValues {
  return {
    business: values.business === 'on',
    company: values.company ?? '',
    vatId: values.vatId ?? '',
    street: values.street ?? '',
    postalCode: values.postalCode ?? '',
    city: values.city ?? '',
  };
}

/**
 * "Buying for a business": a checkbox and the company name, VAT or tax ID and billing
 * address it asks for. The fields are always in the page and CSS hides them while the box
 * is unticked (`:has(:checked)`), so the choice works without JavaScript; a browser without
 * `:has` shows them all. The engine reads them only when the box is ticked.
 */
export function BusinessFields({
  values,
  errors,
  onChange,
  messages,
  locale,
}: BusinessFieldsProps) {
  const text = (
    field: Exclude<keyof BusinessValues, 'business'>,
    label: string,
    autoComplete: string,
    hint?: string,
  ) => (
    <Field
      id={`pk-${field}`}
      label={label}
      hint={hint}
      error={formatFieldError(messages, errors[field], locale)}
    >
      {(aria) => (
        <input
          {...aria}
          className="pk-input"
          type="text"
          name={field}
          autoComplete={autoComplete}
          maxLength={FIELD_MAX_LENGTH[field]}
          required={field === 'company' ? values.business : undefined}
          value={values[field]}
          onChange={(event) => onChange({ ...values, [field]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <div className="pk-business">
      <div className="pk-check">
        <input
          id="pk-business"
          type="checkbox"
          name="business"
          value="on"
          checked={values.business}
          aria-describedby="pk-business-hint"
          onChange={(event) => onChange({ ...values, business: event.target.checked })}
        />
        <label htmlFor="pk-business">{messages.businessToggle}</label>
        <p className="pk-hint" id="pk-business-hint">
          {messages.businessHint}
        </p>
      </div>
      <div className="pk-business-fields">
        {text('company', messages.companyLabel, 'organization')}
        {text('vatId', messages.vatIdLabel, 'off', messages.vatIdHint)}
        {text('street', messages.streetLabel, 'street-address')}
        {text('postalCode', messages.postalCodeLabel, 'postal-code')}
        {text('city', messages.cityLabel, 'address-level2')}
      </div>
    </div>
  );
}
