// messages.tsx: override any text; the rest stays English.
import { type CheckoutMessages, findPlan, PlanStep, type PlanStepAction } from '@plankit/checkout';
import { catalog } from './catalog';

// {placeholders} are filled in by the components.
export const de: Partial<CheckoutMessages> = {
  contactHeading: 'Ihre Angaben',
  emailLabel: 'E-Mail',
  nameLabel: 'Vollständiger Name',
  submitPay: '{amount} bezahlen',
  errorRequired: 'Bitte füllen Sie dieses Feld aus.',
  finishPaidTitle: 'Zahlung erhalten',
};

export function GermanPlanStep({ action }: { action: PlanStepAction }) {
  const plan = findPlan(catalog, 'starter');
  if (!plan) return null;
  // locale formats money and dates: 9,00 €
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={action}
      plansHref="/"
      messages={de}
      locale="de-DE"
    />
  );
}
