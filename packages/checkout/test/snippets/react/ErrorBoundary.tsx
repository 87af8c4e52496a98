// ErrorBoundary.tsx: CheckoutError outside Next.js, as a React error boundary.
import { CheckoutError } from '@plankit/checkout';
import { Component, type ReactNode } from 'react';

export class CheckoutErrorBoundary extends Component<
  { children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <CheckoutError error={this.state.error} reset={() => this.setState({ error: null })} />;
  }
}
