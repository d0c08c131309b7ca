import { memo, useEffect } from 'react';
import { toastLifetimeMs, useToastStore, type Toast } from './toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.tone === 'error' ? toastLifetimeMs * 2 : toastLifetimeMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss]);
  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <span className="toast__message">{toast.message}</span>
      {toast.undo ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            dismiss(toast.id);
            void toast.undo?.();
          }}
          data-testid="toast-undo"
        >
          Undo
        </button>
      ) : null}
      <button type="button" className="toast__close" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/** What just happened, bottom centre; Undo where it can be taken back. */
export const Toasts = memo(function Toasts() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
});
