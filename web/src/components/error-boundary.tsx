import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  children: ReactNode;
  fallback?: (error: unknown) => ReactNode;
}

/** Catches render errors outside the router (providers); route errors use the router's errorElement. */
export class ErrorBoundary extends Component<Props, { error: unknown; hasError: boolean }> {
  override state = { error: null as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(this.state.error)
    ) : (
      <ErrorScreen error={this.state.error} />
    );
  }
}
