import { type CompiledMessages, resolveMessages } from '../messages/messages.js';

/** Props of {@link CheckoutNotFound}. */
export interface CheckoutNotFoundProps {
  /** Where "back to plans" leads. */
  plansHref: string;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
}

/** The 404 page for unknown plans and paths: says so and links back to the plans. */
export function CheckoutNotFound({ plansHref, messages: overrides }: CheckoutNotFoundProps) {
  const messages = resolveMessages(overrides);
  return (
    <div className="pk-checkout pk-not-found">
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
