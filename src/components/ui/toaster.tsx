/**
 * Toasts for the whole app: `toast({ title, description, variant, action })` is what
 * features call, and `<Toaster />` is mounted once by the app. The toaster's code
 * (toaster-view.tsx) loads on first use or once the page has painted, whichever comes
 * first; a toast raised before the view is on screen waits for it.
 */
import { lazy, Suspense } from 'react';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import type { ToastInput } from './toast-options.ts';

export { TOAST_DURATION_MS, TOAST_LIMIT, type ToastInput, type ToastVariant } from './toast-options.ts';

// One load for every toast: a toast raised before the view's code could be fetched (offline in
// the first seconds on a device) waits for it, and shows once the connection is back.
let view: Promise<typeof import('./toaster-view.tsx')> | null = null;
const loadView = () => (view ??= importWhenReachable(() => import('./toaster-view.tsx')));
let counter = 0;

/** Show a toast; returns its id (for `dismissToast`). */
export function toast(input: ToastInput): string {
  const id = input.id ?? `toast-${Date.now().toString(36)}-${(counter += 1)}`;
  void loadView().then(async (view) => {
    await view.viewMounted;
    view.createToast({ ...input, id });
  });
  return id;
}

export function dismissToast(id?: string): void {
  void loadView().then((view) => view.toaster.dismiss(id));
}

const LazyToasterView = lazy(() => loadView().then((view) => ({ default: view.ToasterView })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LazyToasterView />
    </Suspense>
  );
}
