import type { CompiledMessages } from '../messages/messages.js';

/** Props of {@link SignedLinkNotValid}. */
export interface SignedLinkNotValidProps {
  plansHref: string;
  messages: Pick<
    CompiledMessages,
    'manageNotFoundTitle' | 'manageNotFoundLead' | 'finishBackToPlans'
  >;
}

/**
 * What a receipt or manage link whose signature does not hold shows (cut short, made up,
 * or signed with a secret that was rotated): the same page for both, revealing nothing.
 */
export function SignedLinkNotValid({ plansHref, messages }: SignedLinkNotValidProps) {
  return (
    <div className="pk-checkout pk-finish pk-finish--error">
      <div className="pk-card pk-finish-card">
        <h1 className="pk-title">{messages.manageNotFoundTitle}</h1>
        <p className="pk-lead">{messages.manageNotFoundLead}</p>
        <div className="pk-actions">
          <a className="pk-button pk-button--secondary" href={plansHref}>
            {messages.finishBackToPlans}
          </a>
        </div>
      </div>
    </div>
  );
}
