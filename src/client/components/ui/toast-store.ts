// Notifications: one at a time, the newest replaces older ones, shown
// 5000 ms by default, a dismissed one removed after 1,000,000 ms. Variants default and destructive.
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastAction = { label: string; href: string };
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  actions?: ToastAction[];
};
export type ToastItem = ToastInput & { id: number; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();
// A flag some flows set to keep the 'Cart cleared' style messages quiet for a moment.
let suppressedUntil = 0;

function emit() {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number) {
  items = items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of items) {
    if (!t.open && !removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          items = items.filter((i) => i.id !== t.id);
          emit();
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
  emit();
}

/** Keeps toasts that honour suppression quiet for `ms` (the confirmation page's 2000 ms). */
export function suppressToasts(ms: number) {
  suppressedUntil = Date.now() + ms;
}
export function toastsSuppressed(): boolean {
  return Date.now() < suppressedUntil;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const empty: ToastItem[] = [];
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => empty,
  );
}

/** For tests. */
export function resetToasts() {
  items = [];
  for (const t of removeTimers.values()) clearTimeout(t);
  removeTimers.clear();
  suppressedUntil = 0;
  emit();
}
