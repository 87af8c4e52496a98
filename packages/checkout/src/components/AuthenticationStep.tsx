import { type CheckoutMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { AuthenticationView } from '../views/types.js';

/** Props of {@link AuthenticationStep}. */
export interface AuthenticationStepProps {
  /** A pending authentication, from `engine.getAuthenticationView()`. */
  view: Extract<AuthenticationView, { status: 'pending' }>;
  /** Receives the form with `session` and `decision` (`approve` or `decline`). */
  action: (formData: FormData) => void | Promise<void>;
  merchantName: string;
  messages?: Partial<CheckoutMessages> | undefined;
  locale?: string | undefined;
}

/**
 * The test provider's stand-in for a bank's authentication challenge (3-D Secure): two
 * buttons in a plain form, so it works without JavaScript too.
 */
export function AuthenticationStep({
  view,
  action,
  merchantName,
  messages: overrides,
  locale,
}: AuthenticationStepProps) {
  const messages = resolveMessages(overrides);
  return (
    <div className="pk-checkout pk-auth">
      <div className="pk-card pk-auth-card">
        <p className="pk-badge">Test bank</p>
        <h1 className="pk-title">{messages.authTitle}</h1>
        <p className="pk-lead">
          {formatMessage(messages.authLead, {
            amount: formatMoney(view.amount, view.currency, locale),
            merchant: merchantName,
          })}
        </p>
        <form action={action} className="pk-actions">
          <input type="hidden" name="session" value={view.sessionId} />
          <button
            type="submit"
            name="decision"
            value="approve"
            className="pk-button pk-button--primary"
          >
            {messages.authApprove}
          </button>
          <button
            type="submit"
            name="decision"
            value="decline"
            className="pk-button pk-button--secondary"
          >
            {messages.authDecline}
          </button>
        </form>
      </div>
    </div>
  );
}
