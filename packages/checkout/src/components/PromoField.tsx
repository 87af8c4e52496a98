import { formatMessage } from '../messages/formatMessage.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { Field } from './Field.js';

/** Props of {@link PromoField}. */
export interface PromoFieldProps {
  value: string;
  error: string | null;
  /** The code the server applied, shown as the field's hint. */
  applied: { code: string; percentOff: number } | null;
  onChange: (value: string) => void;
  /** Disables Apply while a submission runs. */
  pending: boolean;
  testMode: boolean;
  messages: PlanStepFormMessages;
  locale?: string | undefined;
}

/**
 * The promo code and its Apply button. Apply submits the form with `intent=apply-promo`,
 * so the server checks the code (codes are secret: the browser has no list) and the
 * summary shows the discount before the visitor pays; it works without JavaScript too.
 */
export function PromoField({
  value,
  error,
  applied,
  onChange,
  pending,
  testMode,
  messages,
  locale,
}: PromoFieldProps) {
  const hint = applied
    ? formatMessage(
        messages.promoApplied,
        { code: applied.code, percent: applied.percentOff },
        locale,
      )
    : testMode
      ? messages.promoHint
      : undefined;
  return (
    <Field id="pk-promo" label={messages.promoLabel} error={error} hint={hint}>
      {(aria) => (
        <div className="pk-inline">
          <input
            {...aria}
            className="pk-input"
            type="text"
            name="promo"
            autoComplete="off"
            dir="ltr"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
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
          {applied ? (
            // Taking a code back off: the field empties, the discount leaves the summary.
            <button
              type="button"
              className="pk-button pk-button--secondary"
              disabled={pending}
              onClick={() => onChange('')}
            >
              {formatMessage(messages.promoRemove, { code: applied.code }, locale)}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
