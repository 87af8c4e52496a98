'use client';

import '@plankit/checkout/styles.css';
import { CheckoutError } from '@plankit/checkout';

/** Replaces the root layout when it fails, so it brings its own html and body. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body>
        <CheckoutError error={error} reset={reset} homeHref="/" />
      </body>
    </html>
  );
}
