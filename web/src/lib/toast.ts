import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  open: boolean;
}

/** A toast stays 5 s and swiping 50 px dismisses it (see docs/web-client.md#timings-and-counts). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Closed toasts stay mounted long enough for the exit animation to finish. */
const TOAST_REMOVE_DELAY_MS = 400;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Closes one toast; it is removed once its exit animation has played. */
export function dismissToast(id: number): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/**
 * Shows a notification from anywhere (components, hooks, mutation callbacks).
 * Only one toast is shown at a time: a new one replaces the current one.
 */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  setToasts([
    {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      open: true,
    },
  ]);
  return { id, dismiss: () => dismissToast(id) };
}

/** Removes every toast at once (tests start from a clean screen with it). */
export function clearToasts(): void {
  setToasts([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any toast was raised: until then the page need not load the toast area's code. */
export function useHasToasted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => nextId > 1,
    () => nextId > 1,
  );
}

/** The toasts currently on screen (at most one), for the `<Toaster/>`. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
