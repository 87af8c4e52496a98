'use client';

import { defaultErrorMessages, type ErrorMessageKey } from '../messages/errorMessages.js';

/** Props of {@link CheckoutError}; the first two match Next.js `error.tsx`. */
export interface CheckoutErrorProps {
  /** The error; only its `digest` is shown, never its message or stack. */
  error: Error & { digest?: string };
  /** Re-renders the failed segment (Next.js passes it); reloads the page when absent. */
  reset?: (() => void) | undefined;
  /** Where "back to plans" leads. */
  homeHref?: string | undefined;
  /** The page's text (plain text: `errorMessagesFor(locale)`); English by default. */
  messages?: Partial<Record<ErrorMessageKey, string>> | undefined;
}

/**
 * The last line of defence: a generic message, the error digest the server logged (so
 * support can find the cause) and a retry. Usable as Next.js `error.tsx` and, wrapped in
 * `<html><body>`, as `global-error.tsx`.
 */
export function CheckoutError({
  error,
  reset,
  homeHref = '/',
  messages: overrides,
}: CheckoutErrorProps) {
  // Its own defaults, not resolveMessages(): the whole English dictionary would not fit
  // the component's 2 kB budget (issue 4).
  const messages = { ...defaultErrorMessages, ...overrides };
  return (
    <div className="pk-checkout pk-error-page" role="alert">
      <div className="pk-card">
        <h1 className="pk-title">{messages.errorTitle}</h1>
        <p className="pk-lead">{messages.errorLead}</p>
        {error.digest ? (
          <p className="pk-hint">
            {messages.errorDigest}: <code className="pk-reference">{error.digest}</code>
          </p>
        ) : null}
        <div className="pk-actions">
          <button
            type="button"
            className="pk-button pk-button--primary"
            onClick={() => (reset ? reset() : window.location.reload())}
          >
            {messages.errorRetry}
          </button>
          <a className="pk-button pk-button--secondary" href={homeHref}>
            {messages.errorHome}
          </a>
        </div>
      </div>
    </div>
  );
}
