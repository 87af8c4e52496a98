import '@plankit/checkout/styles.css';
import './globals.css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { config } from '../lib/config';

export const metadata: Metadata = {
  title: { default: `${config.merchantName} — Plans`, template: `%s — ${config.merchantName}` },
  description: 'Choose a plan and check out in under a minute.',
};

export const viewport: Viewport = { themeColor: '#4338ca' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <a href="/" className="site-brand">
            {config.merchantName}
          </a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
