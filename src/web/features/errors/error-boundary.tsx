import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashFallback } from './crash-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors outside the router (providers, the router itself) and shows the crash
 * page; errors inside routes are caught by the route's errorElement first.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, hasError: false });

  override render() {
    if (this.state.hasError)
      return <CrashFallback error={this.state.error} onReset={this.reset} fullScreen />;
    return this.props.children;
  }
}
