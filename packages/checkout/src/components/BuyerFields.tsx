import type { Country } from '../catalog/schema.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { Field } from './Field.js';
import type { FormField } from './planStepFormReducer.js';

/** Props of {@link BuyerFields}. */
export interface BuyerFieldsProps {
  countries: readonly Country[];
  values: Record<FormField, string>;
  errorOf: (field: FormField) => string | null;
  onChange: (field: FormField, value: string) => void;
  /** The field left, and where focus went (a submit button is not nagged for). */
  onBlur: (field: FormField, next: EventTarget | null) => void;
  messages: PlanStepFormMessages;
}

/** Who buys: email, full name and country (the country decides the tax). */
export function BuyerFields({
  countries,
  values,
  errorOf,
  onChange,
  onBlur,
  messages,
}: BuyerFieldsProps) {
  const text = (field: 'email' | 'name', type: string, autoComplete: string, label: string) => (
    <Field id={`pk-${field}`} label={label} error={errorOf(field)}>
      {(aria) => (
        <input
          {...aria}
          className="pk-input"
          type={type}
          name={field}
          autoComplete={autoComplete}
          // An email address reads left to right in every language; a name in its own.
          dir={field === 'email' ? 'ltr' : 'auto'}
          required
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
          onBlur={(event) => onBlur(field, event.relatedTarget)}
        />
      )}
    </Field>
  );
  return (
    <>
      {text('email', 'email', 'email', messages.emailLabel)}
      {text('name', 'text', 'name', messages.nameLabel)}
      <Field id="pk-country" label={messages.countryLabel} error={errorOf('country')}>
        {(aria) => (
          <select
            {...aria}
            className="pk-input"
            name="country"
            autoComplete="country"
            required
            value={values.country}
            onChange={(event) => onChange('country', event.target.value)}
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
    </>
  );
}
