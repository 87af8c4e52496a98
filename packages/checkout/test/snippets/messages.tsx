// messages.tsx: 16 languages ship compiled; override any text (ICU MessageFormat) over one.
import {
  type CheckoutMessages,
  compileMessages,
  findPlan,
  messagesFor,
  PlanStep,
  type PlanStepAction,
  TestCardFields,
} from '@plankit/checkout';
import { catalog } from './catalog';

// {placeholders} and {n, plural, …} are filled in by the components.
export const ownGerman: Partial<CheckoutMessages> = {
  contactHeading: 'Deine Angaben',
  submitPay: 'Jetzt {amount} zahlen',
  errorRequired: 'Bitte fülle dieses Feld aus.',
};

// Compile once, on the server: the browser gets parsed messages, not the ICU parser.
export const de = compileMessages(ownGerman, messagesFor('de'));

export function GermanPlanStep({ action }: { action: PlanStepAction }) {
  const plan = findPlan(catalog, 'starter');
  if (!plan) return null;
  // locale formats plurals, numbers, money, dates and country names: 9,00 €
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={action}
      plansHref="/"
      messages={de}
      locale="de"
      payment={<TestCardFields />}
    />
  );
}
