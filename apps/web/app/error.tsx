'use client';

import { CheckoutError } from '@plankit/checkout';

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return <CheckoutError error={error} reset={reset} homeHref="/" />;
}
