// theme.tsx: the same variables from TypeScript, checked by name.
import type { CheckoutTheme } from '@plankit/checkout';
import type { CSSProperties, ReactNode } from 'react';

const teal: CheckoutTheme = { '--pk-color-primary': '#0f766e', '--pk-radius': '4px' };

export function Themed({ children }: { children: ReactNode }) {
  return <div style={teal as CSSProperties}>{children}</div>;
}
