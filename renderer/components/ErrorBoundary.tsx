import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './StatusPanel';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown as the panel title. */
  title?: string;
  /** Changing this value clears a caught error (e.g. navigating to another view). */
  resetKey?: unknown;
  onReset?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Catches render errors so a broken view shows a readable message and Retry, never a blank window. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('View failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title={this.props.title ?? 'This view failed to load'}
          error={this.state.error}
          onRetry={this.retry}
          testId="error-boundary"
        />
      );
    }
    return this.props.children;
  }
}
