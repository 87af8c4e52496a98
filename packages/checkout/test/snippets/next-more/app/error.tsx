// app/error.tsx: the last line of defence. Shows the error digest, never the message.
'use client';

import { CheckoutError, type CheckoutErrorProps } from '@plankit/checkout';

export default function ErrorPage({ error, reset }: CheckoutErrorProps) {
  return <CheckoutError error={error} reset={reset} homeHref="/" />;
}
