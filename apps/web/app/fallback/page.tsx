import { CheckoutFallback } from '@plankit/checkout';
import type { Metadata } from 'next';
import { routes } from '../../lib/routes';

export const metadata: Metadata = { title: 'Checkout unavailable' };
export const dynamic = 'force-static';

export default function FallbackPage() {
  return <CheckoutFallback plansHref={routes.home} />;
}
