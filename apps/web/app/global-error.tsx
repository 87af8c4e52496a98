'use client';

import '@plankit/checkout/styles.css';
import dynamic from 'next/dynamic';
import { useParams } from 'next/navigation';

// Loaded when shown: every page carries this component, and the error text of every
// language would weigh on each of them.
const GlobalErrorContent = dynamic(() => import('../lib/GlobalErrorContent'), {
  loading: () => <p>Something went wrong.</p>,
});

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
    <html lang={lang}>
      <body>
        <GlobalErrorContent lang={lang} error={error} reset={reset} />
      </body>
    </html>
  );
}
