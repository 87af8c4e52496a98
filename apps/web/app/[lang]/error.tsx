'use client';

import { CheckoutError, errorMessagesFor } from '@plankit/checkout';
import { useParams } from 'next/navigation';

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const { lang } = useParams<{ lang: string }>();
  return (
    <CheckoutError
      error={error}
      reset={reset}
      homeHref="/"
      messages={errorMessagesFor(lang ?? 'en')}
    />
  );
}
