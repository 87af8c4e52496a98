'use client';

import { CheckoutError, directionOf, errorMessagesFor } from '@plankit/checkout';

/**
 * What `app/global-error.tsx` shows, in the page's language. A module of its own, loaded
 * only when the root layout fails (`next/dynamic`), so the table of every language's error
 * text is not in every page's JavaScript (issue 8, item 10). The server renders it too, so
 * the page reads the same without JavaScript.
 */
export default function GlobalErrorContent({
  lang,
  error,
  reset,
}: {
  lang: string;
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div dir={directionOf(lang)}>
      <CheckoutError error={error} reset={reset} homeHref="/" messages={errorMessagesFor(lang)} />
    </div>
  );
}
