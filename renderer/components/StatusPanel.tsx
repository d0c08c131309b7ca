import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';

interface PanelProps {
  fill?: boolean;
  testId?: string;
}

export function LoadingPanel({
  label = 'Loading…',
  fill = true,
  testId = 'loading-panel',
}: PanelProps & { label?: string }) {
  return (
    <div
      className={`status-panel${fill ? ' status-panel--fill' : ''}`}
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyPanel({
  title,
  message,
  action,
  fill = true,
  testId = 'empty-panel',
}: PanelProps & { title: string; message?: string; action?: ReactNode }) {
  return (
    <div className={`status-panel${fill ? ' status-panel--fill' : ''}`} data-testid={testId}>
      <h2 className="status-panel__title">{title}</h2>
      {message ? <p className="status-panel__message">{message}</p> : null}
      {action}
    </div>
  );
}

/** A failed load: what went wrong in words, and a way to try again. */
export function ErrorPanel({
  title = 'Something went wrong',
  error,
  onRetry,
  fill = true,
  testId = 'error-panel',
}: PanelProps & { title?: string; error: unknown; onRetry?: () => void }) {
  return (
    <div
      className={`status-panel status-panel--error${fill ? ' status-panel--fill' : ''}`}
      role="alert"
      data-testid={testId}
    >
      <h2 className="status-panel__title">{title}</h2>
      <p className="status-panel__message">{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry} data-testid={`${testId}-retry`}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** A failed action (not a failed load): shown above the content it concerns, dismissible. */
export function ErrorBanner({
  message,
  onDismiss,
  testId = 'error-banner',
}: {
  message: string;
  onDismiss?: () => void;
  testId?: string;
}) {
  return (
    <div className="banner banner--error" role="alert" data-testid={testId}>
      <span className="banner__text">{message}</span>
      {onDismiss ? (
        <button type="button" className="button button--ghost" onClick={onDismiss} aria-label="Dismiss message">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
