import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import { IconButton } from '../icon-button/icon-button';
import { getToastStore } from './toast-store';
import type { ToastOptions, ToastRecord, ToastStore } from './toast-store';
import './toast.css';

const ToastContext = createContext<ToastStore | null>(null);

export type ToastProviderProps = {
  children?: ReactNode;
  /** Defaults to the page-wide store shared with `toast()`; pass one to isolate (tests). */
  store?: ToastStore;
};

/**
 * Provides `useToast()` and renders the Toaster once. A provider nested inside
 * another (a remote inside the shell) renders no second Toaster.
 */
export function ToastProvider({ children, store }: ToastProviderProps) {
  const parent = useContext(ToastContext);
  const value = store ?? parent ?? getToastStore();
  const renderToaster = parent === null || parent !== value;
  return (
    <ToastContext.Provider value={value}>
      {children}
      {renderToaster && <Toaster store={value} />}
    </ToastContext.Provider>
  );
}

export type UseToast = {
  toast: (options: ToastOptions) => string;
  dismiss: (id?: string) => void;
  toasts: readonly ToastRecord[];
};

/** `const { toast } = useToast(); toast({ title: 'Code sent!' })`. */
export function useToast(): UseToast {
  const store = useContext(ToastContext) ?? getToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(
    () => ({ toast: store.toast, dismiss: store.dismiss, toasts }),
    [store, toasts],
  );
}

export type ToasterProps = {
  store?: ToastStore;
  /** Label of the notifications landmark. */
  label?: string;
  dismissLabel?: string;
};

/**
 * The on-screen queue. Two live regions exist from the start (so screen readers
 * are listening before anything arrives): polite for default toasts, an
 * assertive role="alert" region for destructive ones.
 */
export function Toaster({ store: given, label = 'Notifications', dismissLabel = 'Dismiss notification' }: ToasterProps) {
  const store = given ?? getToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const polite = toasts.filter((t) => t.variant !== 'destructive');
  const urgent = toasts.filter((t) => t.variant === 'destructive');
  return (
    <section className="cc-toaster" aria-label={label}>
      <div className="cc-toaster__list" aria-live="polite" aria-atomic="false" data-testid="toaster-polite">
        {polite.map((t) => (
          <ToastItem key={t.id} record={t} onDismiss={store.dismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
      <div className="cc-toaster__list" role="alert" aria-live="assertive" aria-atomic="false" data-testid="toaster-assertive">
        {urgent.map((t) => (
          <ToastItem key={t.id} record={t} onDismiss={store.dismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
    </section>
  );
}

type ToastItemProps = {
  record: ToastRecord;
  onDismiss: (id: string) => void;
  dismissLabel: string;
};

function ToastItem({ record, onDismiss, dismissLabel }: ToastItemProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(record.duration);
  const dismiss = useCallback(() => onDismiss(record.id), [onDismiss, record.id]);

  // Count down only while not paused; pausing keeps the time that was left.
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(dismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, dismiss]);

  return (
    <div
      className={`cc-toast cc-toast--${record.variant}`}
      data-toast-id={record.id}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div>
        <strong className="cc-toast__title">{record.title}</strong>
        {record.description && <span className="cc-toast__description">{record.description}</span>}
      </div>
      <IconButton label={dismissLabel} variant="ghost" size="sm" className="cc-toast__dismiss" onClick={dismiss}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}
