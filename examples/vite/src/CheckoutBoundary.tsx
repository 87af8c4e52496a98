import { CheckoutError } from '@plankit/checkout';
import { Component, type ReactNode } from 'react';
import { de } from './messages.de';

interface CheckoutBoundaryProps {
  children: ReactNode;
  /** Where "try again" goes after clearing the error. */
  onReset: () => void;
}

/** Catches a render error below it and shows the package's error component, in German. */
export class CheckoutBoundary extends Component<CheckoutBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reset = () => {
      this.props.onReset();
      this.setState({ error: null });
    };
    return <CheckoutError error={error} reset={reset} homeHref="#/" messages={de} />;
  }
}
