import { CheckoutNotFound } from '@plankit/checkout';
import { routes } from '../lib/routes';

export default function NotFound() {
  return <CheckoutNotFound plansHref={routes.home} />;
}
