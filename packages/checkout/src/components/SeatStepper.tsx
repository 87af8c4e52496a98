import { type CompiledMessages, formatMessage } from '../messages/messages.js';
import { Field } from './Field.js';

/** Props of {@link SeatStepper}. */
export interface SeatStepperProps {
  min: number;
  max: number;
  /** What is in the input (kept as typed so an out-of-range value can be corrected). */
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  messages: Pick<CompiledMessages, 'seatsLabel' | 'seatsHint' | 'seatsDecrease' | 'seatsIncrease'>;
  locale?: string | undefined;
}

/**
 * Seat count: a number input (type-able) flanked by − and + buttons that clamp to the
 * plan's bounds. With JavaScript the buttons step in place; without it they post the form
 * (`intent=seats-down`/`seats-up`) and the server answers with the new count and total.
 */
export function SeatStepper({
  min,
  max,
  value,
  onChange,
  error,
  messages,
  locale,
}: SeatStepperProps) {
  const current = Number.parseInt(value, 10);
  const step = (delta: number) => {
    const base = Number.isNaN(current) ? min : current;
    onChange(String(Math.min(max, Math.max(min, base + delta))));
  };
  return (
    <Field
      id="pk-seats"
      label={messages.seatsLabel}
      hint={formatMessage(messages.seatsHint, { min, max }, locale)}
      error={error}
    >
      {(aria) => (
        <div className="pk-stepper">
          <button
            type="submit"
            name="intent"
            value="seats-down"
            className="pk-stepper-button"
            aria-label={messages.seatsDecrease}
            aria-controls="pk-seats"
            disabled={!Number.isNaN(current) && current <= min}
            onClick={(event) => {
              event.preventDefault();
              step(-1);
            }}
          >
            −
          </button>
          <input
            {...aria}
            className="pk-input pk-stepper-input"
            type="number"
            name="seats"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="submit"
            name="intent"
            value="seats-up"
            className="pk-stepper-button"
            aria-label={messages.seatsIncrease}
            aria-controls="pk-seats"
            disabled={!Number.isNaN(current) && current >= max}
            onClick={(event) => {
              event.preventDefault();
              step(1);
            }}
          >
            +
          </button>
        </div>
      )}
    </Field>
  );
}
