'use client';

import { CheckoutNotFound, notFoundMessagesFor } from '@plankit/checkout';
import { useParams } from 'next/navigation';

// A client component: it reads the language from the route (a not-found page gets no
// parameters), so the language trees stay prerendered. Its text is a small table.
export default function NotFound() {
  const lang = useParams<{ lang?: string }>()?.lang ?? 'en';
  const messages = notFoundMessagesFor(lang);
  return (
    <>
      <title>{messages.notFoundTitle}</title>
      <CheckoutNotFound plansHref="/" messages={messages} />
    </>
  );
}
