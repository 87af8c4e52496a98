'use client';

import { CheckoutError } from '@plankit/checkout';
import { usePageText } from '../../lib/PageText';

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  // The layout hands down this language's text (lib/PageText.tsx), so this component,
  // which every page loads, carries no table of languages.
  const text = usePageText();
  return <CheckoutError error={error} reset={reset} homeHref="/" messages={text?.error} />;
}
