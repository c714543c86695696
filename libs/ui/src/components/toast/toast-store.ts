/**
 * A tiny toast store shared by everything on the page. It lives on globalThis
 * under a registered symbol, so the shell and every federated remote talk to
 * the same queue even if a bundle ends up with its own copy of @croft/ui.
 * `toast()` works outside React; <ToastProvider>/<Toaster> renders the queue.
 */
export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; Infinity keeps it until dismissed. Default 5000. */
  duration?: number;
};

export type ToastRecord = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  createdAt: number;
};

export const DEFAULT_TOAST_DURATION_MS = 5000;
/** Older toasts make way beyond this many on screen. */
export const MAX_TOASTS = 5;

type Listener = () => void;

export type ToastStore = {
  toast: (options: ToastOptions) => string;
  dismiss: (id?: string) => void;
  getSnapshot: () => readonly ToastRecord[];
  subscribe: (listener: Listener) => () => void;
};

export function createToastStore(): ToastStore {
  let toasts: readonly ToastRecord[] = [];
  const listeners = new Set<Listener>();
  let counter = 0;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    toast(options) {
      if (!options || typeof options.title !== 'string' || !options.title.trim()) {
        throw new TypeError('toast() needs a non-empty string `title`.');
      }
      const variant = options.variant ?? 'default';
      if (variant !== 'default' && variant !== 'destructive') {
        throw new TypeError(`toast() variant must be 'default' or 'destructive', got "${String(variant)}".`);
      }
      const duration = options.duration ?? DEFAULT_TOAST_DURATION_MS;
      if (typeof duration !== 'number' || Number.isNaN(duration) || duration <= 0) {
        throw new TypeError('toast() duration must be a positive number of milliseconds (or Infinity).');
      }
      counter += 1;
      const record: ToastRecord = {
        id: `toast-${Date.now().toString(36)}-${counter}`,
        title: options.title,
        description: options.description,
        variant,
        duration,
        createdAt: Date.now(),
      };
      toasts = [...toasts, record].slice(-MAX_TOASTS);
      emit();
      return record.id;
    },
    dismiss(id) {
      const next = id === undefined ? [] : toasts.filter((t) => t.id !== id);
      if (next.length === toasts.length) return;
      toasts = next;
      emit();
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const STORE_KEY = Symbol.for('croft-common.ui.toast-store');

/** The page-wide store (one per window, however many bundles load @croft/ui). */
export function getToastStore(): ToastStore {
  const holder = globalThis as typeof globalThis & { [STORE_KEY]?: ToastStore };
  return (holder[STORE_KEY] ??= createToastStore());
}

/** Show a toast from anywhere (React or not). Returns its id. */
export function toast(options: ToastOptions): string {
  return getToastStore().toast(options);
}

/** Dismiss one toast by id, or all of them. */
export function dismissToast(id?: string): void {
  getToastStore().dismiss(id);
}
