/**
 * Whether this device holds the app itself for offline use: the service worker that
 * precached every page's code controls this page. On a new device that is a few seconds
 * after the first page loads (the worker installs, then takes control: vite.config.ts,
 * `clientsClaim`); the sync indicator says "Downloading…" until then, not "Up to date"
 * (src/app/layouts/sync-status.ts). Where no service worker can run (a development server,
 * a browser that allows none, a registration that failed) there is nothing to wait for:
 * `unavailable`.
 */
import { create } from 'zustand';

export type AppCopy = 'storing' | 'stored' | 'unavailable';

interface ServiceWorkers {
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

/** The browser's service worker container, where the app registers one (production builds). */
function serviceWorkers(): ServiceWorkers | null {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker;
}

export function initialAppCopy(container: ServiceWorkers | null): AppCopy {
  if (!container) return 'unavailable';
  return container.controller ? 'stored' : 'storing';
}

export const useAppCopy = create<{ status: AppCopy }>(() => ({ status: initialAppCopy(serviceWorkers()) }));

/** Follows the service worker taking control of this page (once, at start). */
export function followAppCopy(container: ServiceWorkers | null = serviceWorkers(), store = useAppCopy): void {
  if (!container) return;
  container.addEventListener('controllerchange', () => {
    if (container.controller) store.setState({ status: 'stored' });
  });
}

/** The service worker could not be registered: this browser keeps no copy of the app. */
export function appCopyUnavailable(store = useAppCopy): void {
  store.setState({ status: 'unavailable' });
}

followAppCopy();
