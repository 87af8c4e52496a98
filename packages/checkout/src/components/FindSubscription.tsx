'use client';

import { formatFieldError } from '../messages/formatFieldError.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import type { ColorTheme } from '../theme/theme.js';
import type {
  FindSubscriptionAction,
  FindSubscriptionState,
} from '../views/findSubscriptionTypes.js';
import { Field } from './Field.js';
import { useFormActionState } from './useFormActionState.js';

/** Props of {@link FindSubscription}. */
export interface FindSubscriptionProps {
  /** Calls `engine.findSubscriptions(formData, context)`: in Next.js, a Server Action. */
  action: FindSubscriptionAction;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /** The page's locale (BCP 47). */
  locale?: string | undefined;
  /** A color theme the host chose; without one the system setting is followed. */
  theme?: ColorTheme | undefined;
}

const INITIAL: FindSubscriptionState = { status: 'idle', email: '' };

/**
 * "Find my subscription": a buyer who lost the email enters their address and is sent the
 * signed links of their subscriptions and recent receipts. The page answers the same whether
 * or not the address is known. A plain form: it works without JavaScript (React 19).
 */
export function FindSubscription({
  action,
  messages: overrides,
  locale,
  theme,
}: FindSubscriptionProps) {
  const messages = resolveMessages(overrides);
  const [state, formAction, pending] = useFormActionState(action, INITIAL);
  const error = state.status === 'invalid' ? formatFieldError(messages, state.error, locale) : null;
  return (
    <div className="pk-checkout pk-finish" data-theme={theme}>
      <div className="pk-card pk-finish-card">
        <h1 className="pk-title">{messages.findTitle}</h1>
        <p className="pk-lead">{messages.findLead}</p>
        <p role="status" className="pk-status-slot">
          {state.status === 'sent'
            ? formatMessage(messages.findSent, { email: state.email.trim() }, locale)
            : null}
        </p>
        <div role="alert" className="pk-alert-slot">
          {state.status === 'throttled' ? (
            <p className="pk-alert pk-alert--error">
              {formatMessage(messages.findThrottled, { minutes: state.minutes }, locale)}
            </p>
          ) : null}
        </div>
        <form action={formAction} className="pk-form" noValidate>
          <Field id="pk-find-email" label={messages.emailLabel} error={error}>
            {(aria) => (
              <input
                {...aria}
                className="pk-input"
                type="email"
                name="email"
                autoComplete="email"
                required
                // The typed text survives an error; a sent request keeps it to show again.
                defaultValue={state.email}
                key={`${state.status}-${state.email}`}
              />
            )}
          </Field>
          <div className="pk-actions">
            <button type="submit" className="pk-button pk-button--primary" disabled={pending}>
              {messages.findSubmit}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
