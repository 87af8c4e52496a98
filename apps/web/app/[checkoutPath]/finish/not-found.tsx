import { FinishStep } from '@plankit/checkout';
import { routes } from '../../../lib/routes';

/** A finish or authentication page for no session the visitor owns: 404, and nothing leaked. */
export default function CheckoutNotFoundPage() {
  return <FinishStep view={{ status: 'not_found' }} plansHref={routes.home} />;
}
