import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";

export type ToastVariant = "info" | "success" | "warning" | "error";

export type ToastOptions = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it hides; errors default to 8000, others to 5000. */
  duration?: number;
};

export type ToastItem = ToastOptions & { id: number; open: boolean };

/*
 * A tiny browser-side store so any code (event handlers, the auth provider) can raise a toast
 * without prop drilling. It lives only in the browser tab; the server never sees it. The store is
 * tiny; the radix renderer (toast-viewport.tsx) loads on the first toast, keeping it out of the entry chunk.
 */
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const MAX_TOASTS = 4;

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => items;

/** Shows a toast. Returns its id, which `dismissToast` accepts. */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  emit([...items, { ...options, id, open: true }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number) {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
}

export function removeToast(id: number) {
  emit(items.filter((item) => item.id !== id));
}

export function useToast() {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}

const ToastViewport = lazy(() => import("./toast-viewport").then((m) => ({ default: m.ToastViewport })));

/** Renders the toasts. Mount once at the app root. */
export function Toaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport toasts={toasts} />
    </Suspense>
  );
}
