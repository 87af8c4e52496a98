import type { BillingInterval } from '../catalog/constants.js';
import type { CompiledMessages } from '../messages/messages.js';

/** Props of {@link IntervalSwitch}. */
export interface IntervalSwitchProps {
  intervals: readonly BillingInterval[];
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  messages: Pick<CompiledMessages, 'intervalLegend' | 'intervalMonthly' | 'intervalYearly'>;
}

/**
 * The billing-interval switch: native radio buttons in a fieldset, styled as a segmented
 * control, so arrow keys, forms without JavaScript and screen readers all work as usual.
 */
export function IntervalSwitch({ intervals, value, onChange, messages }: IntervalSwitchProps) {
  if (intervals.length < 2) {
    return <input type="hidden" name="interval" value={value} />;
  }
  return (
    <fieldset className="pk-interval">
      <legend className="pk-label">{messages.intervalLegend}</legend>
      <div className="pk-segmented">
        {intervals.map((interval) => (
          <label key={interval} className="pk-segment">
            <input
              type="radio"
              name="interval"
              value={interval}
              checked={value === interval}
              onChange={() => onChange(interval)}
            />
            <span>
              {interval === 'yearly' ? messages.intervalYearly : messages.intervalMonthly}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
