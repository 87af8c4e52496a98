'use client';

import '@plankit/checkout/styles.css';
import { CheckoutError, directionOf, errorMessagesFor } from '@plankit/checkout';
import { useParams } from 'next/navigation';

/** Replaces the root layout when it fails, so it brings its own html and body. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const lang = useParams<{ lang?: string }>()?.lang ?? 'en';
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <body>
        <CheckoutError error={error} reset={reset} homeHref="/" messages={errorMessagesFor(lang)} />
      </body>
    </html>
  );
}
