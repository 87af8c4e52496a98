'use client';

import { CheckoutNotFound } from '@plankit/checkout';
import { usePageText } from '../../lib/PageText';

// A client component (a not-found page gets no parameters, and the language trees stay
// prerendered): the layout hands down its language's text (lib/PageText.tsx).
export default function NotFound() {
  const messages = usePageText()?.notFound;
  return (
    <>
      {messages ? <title>{messages.notFoundTitle}</title> : null}
      <CheckoutNotFound plansHref="/" messages={messages} />
    </>
  );
}
