import type { CompiledMessages } from '../messages/messages.js';
import { defaultNotFoundMessages } from '../messages/pageMessageKeys.js';
import type { ColorTheme } from '../theme/theme.js';

/** Props of {@link CheckoutNotFound}. */
export interface CheckoutNotFoundProps {
  /** Where "back to plans" leads. */
  plansHref: string;
  /**
   * The page's messages (`notFoundMessagesFor(locale)`, or `messagesFor(locale)`); English
   * by default.
   */
  messages?: Partial<CompiledMessages> | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
}

/** The 404 page for unknown plans and paths: says so and links back to the plans. */
export function CheckoutNotFound({ plansHref, messages: overrides, theme }: CheckoutNotFoundProps) {
  // Its own three defaults, not resolveMessages(): a host's client `not-found.tsx` would
  // otherwise put the whole English dictionary on every page.
  const messages = { ...defaultNotFoundMessages, ...overrides };
  return (
    <div className="pk-checkout pk-not-found" data-theme={theme}>
      <div className="pk-card">
        <h1 className="pk-title">{messages.notFoundTitle}</h1>
        <p className="pk-lead">{messages.notFoundLead}</p>
        <div className="pk-actions">
          <a className="pk-button pk-button--primary" href={plansHref}>
            {messages.finishBackToPlans}
          </a>
        </div>
      </div>
    </div>
  );
}
