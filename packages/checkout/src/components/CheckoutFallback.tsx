import { defaultFallbackMessages, type FallbackMessageKey } from '../messages/fallbackMessages.js';
import type { ColorTheme } from '../theme/theme.js';

/** Props of {@link CheckoutFallback}. */
export interface CheckoutFallbackProps {
  /** Where the visitor can go instead, usually the plan list. */
  plansHref: string;
  /** The page's text (plain text: `fallbackMessagesFor(locale)`); English by default. */
  messages?: Partial<Record<FallbackMessageKey, string>> | undefined;
  /** A support address to show, if the host has one. */
  supportEmail?: string | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
}

/**
 * What a visitor sees when the checkout cannot be shown. Plain HTML: no hooks, no client
 * JavaScript, so it works on a static page and with scripts blocked.
 */
export function CheckoutFallback({
  plansHref,
  messages: overrides,
  supportEmail,
  theme,
}: CheckoutFallbackProps) {
  // Its own defaults, not resolveMessages(): the whole English dictionary would not fit
  // the component's 2 kB budget (issue 4).
  const messages = { ...defaultFallbackMessages, ...overrides };
  return (
    <div className="pk-checkout pk-fallback" data-theme={theme}>
      <div className="pk-card">
        <h1 className="pk-title">{messages.fallbackTitle}</h1>
        <p className="pk-lead">{messages.fallbackLead}</p>
        <p className="pk-hint">{messages.fallbackNoJs}</p>
        {supportEmail ? (
          <p className="pk-hint">
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        ) : null}
        <div className="pk-actions">
          <a className="pk-button pk-button--primary" href={plansHref}>
            {messages.fallbackAction}
          </a>
        </div>
      </div>
    </div>
  );
}
