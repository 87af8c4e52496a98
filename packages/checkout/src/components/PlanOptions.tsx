import type { BillingInterval } from '../catalog/constants.js';
import type { Plan } from '../catalog/schema.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { Field } from './Field.js';
import { IntervalSwitch } from './IntervalSwitch.js';
import type { FormField } from './planStepFormReducer.js';
import { SeatStepper } from './SeatStepper.js';

/** Props of {@link PlanOptions}. */
export interface PlanOptionsProps {
  plan: Plan;
  intervals: readonly BillingInterval[];
  currencies: readonly string[];
  values: Record<FormField, string>;
  errorOf: (field: FormField) => string | null;
  onChange: (field: FormField, value: string) => void;
  messages: PlanStepFormMessages;
  locale?: string | undefined;
}

/** The plan's options: billing interval, seats (per-seat plans) and currency. */
export function PlanOptions({
  plan,
  intervals,
  currencies,
  values,
  errorOf,
  onChange,
  messages,
  locale,
}: PlanOptionsProps) {
  return (
    <div className="pk-options">
      <IntervalSwitch
        intervals={intervals}
        value={values.interval as BillingInterval}
        onChange={(interval) => onChange('interval', interval)}
        messages={messages}
      />
      {plan.seats ? (
        <SeatStepper
          min={plan.seats.min}
          max={plan.seats.max}
          value={values.seats}
          onChange={(seats) => onChange('seats', seats)}
          error={errorOf('seats')}
          messages={messages}
          locale={locale}
        />
      ) : null}
      {currencies.length > 1 ? (
        <Field id="pk-currency" label={messages.currencyLabel} error={errorOf('currency')}>
          {(aria) => (
            <select
              {...aria}
              className="pk-input"
              name="currency"
              value={values.currency}
              onChange={(event) => onChange('currency', event.target.value)}
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
        <input type="hidden" name="currency" value={values.currency} />
      )}
    </div>
  );
}
