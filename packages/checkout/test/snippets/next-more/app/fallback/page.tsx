// app/fallback/page.tsx: static HTML for when the checkout cannot be shown.
import { CheckoutFallback } from '@plankit/checkout';

export const dynamic = 'force-static';

export default function FallbackPage() {
  return <CheckoutFallback plansHref="/" supportEmail="billing@example.com" />;
}
