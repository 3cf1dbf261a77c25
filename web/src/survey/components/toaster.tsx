import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n';

export interface ToastInput {
  title: string;
  description: string;
  variant: 'success' | 'error';
}
interface ToastItem extends ToastInput {
  id: number;
}

const toastMs = 6000;

/** State for a handful of toasts; each leaves after a few seconds or when dismissed. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = ++nextId.current;
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toastMs),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return { toasts, show, dismiss };
}

/**
 * The spec's toasts in ~40 lines instead of sonner (~10 KB gzip). Two live regions exist from the first render
 * (screen readers only announce changes inside regions they already know): polite for success, assertive
 * for errors. Colours are fixed (dark text on white) so they stay readable on any survey palette.
 */
export function Toaster({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id: number) => void }) {
  const { t } = useI18n();
  const render = (variant: ToastItem['variant']) =>
    toasts
      .filter((toast) => toast.variant === variant)
      .map((toast) => (
        <div
          key={toast.id}
          data-testid={`toast-${variant}`}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border bg-white p-4 text-neutral-900 shadow-lg ${
            variant === 'error' ? 'border-red-700' : 'border-neutral-300'
          }`}
        >
          <div className="grid flex-1 gap-1">
            <p className={`font-semibold ${variant === 'error' ? 'text-red-700' : ''}`}>{toast.title}</p>
            <p className="text-sm">{toast.description}</p>
          </div>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="-m-1 flex size-8 items-center justify-center rounded-md text-lg leading-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-900"
            aria-label={t('toast.dismiss')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ));
  return (
    // At the top: the page's top is its header (logo and name), never a control, while its buttons sit
    // lower down where a bottom toast would cover them on a phone (the thank-you screen's copy button).
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 mx-auto grid w-full max-w-sm gap-2 p-4 sm:right-0 sm:left-auto sm:mr-0">
      <div role="status" aria-live="polite" className="grid gap-2">
        {render('success')}
      </div>
      <div role="alert" aria-live="assertive" className="grid gap-2">
        {render('error')}
      </div>
    </div>
  );
}
