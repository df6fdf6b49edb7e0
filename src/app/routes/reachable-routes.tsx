/**
 * Pages whose code is not on this device. A route's code is fetched when the page is first
 * opened; once the service worker holds the app that never fails, but in the seconds before
 * (a new device whose connection drops while the app is being saved) the fetch fails, and
 * the router would show its error screen. Every lazy route of the table is wrapped here: a
 * failed fetch of code gives a page that says so in the product's words, tries again when
 * the connection is back (import-when-reachable.ts) and then shows the page itself, nothing
 * typed elsewhere lost. Any other error still reaches the router's error screen.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import { PageNotOnDevice } from '../pwa/page-not-on-device.tsx';

type Lazy = LazyRouteFunction<RouteObject>;
type Loaded = Awaited<ReturnType<Lazy>>;

/** Whether an error is a failed fetch of the app's own code (Chromium, Firefox and Safari word it differently). */
export function isCodeFetchError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i.test(message);
}

/** Shows that the page is missing, and the page itself once its code arrives. */
function WaitForPage({ load }: { load: Lazy }) {
  const [page, setPage] = useState<{ Component: ComponentType } | null>(null);
  useEffect(() => {
    let stopped = false;
    void importWhenReachable(load).then((loaded: Loaded) => {
      if (!stopped) setPage({ Component: (loaded.Component as ComponentType | undefined) ?? (() => null) });
    });
    return () => {
      stopped = true;
    };
  }, [load]);
  if (page) return <page.Component />;
  return <PageNotOnDevice />;
}

export function reachable(load: Lazy): Lazy {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!isCodeFetchError(error)) throw error;
      console.warn('[app] a page could not be loaded; it opens when the connection is back', error);
      return { Component: () => <WaitForPage load={load} /> };
    }
  };
}

/** The route table with every lazy route wrapped by `reachable`. */
export function withReachablePages(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' ? reachable(route.lazy as Lazy) : route.lazy;
    const children = route.children ? withReachablePages(route.children) : undefined;
    return { ...route, ...(lazy ? { lazy } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}
