/**
 * Helpers for the route table: every page is code-split (`lazy` in the route object), and
 * pages that later issues build are one shared placeholder taking a title.
 */
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

type Lazy = LazyRouteFunction<RouteObject>;

/** A route whose Component is the named export of a lazily imported module. */
export function page<M, K extends keyof M>(load: () => Promise<M>, name: K): Lazy {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/** A route whose page is not built yet: it says so, under the page's title. */
export function placeholder(title: string): Lazy {
  return async () => {
    const { PlaceholderPage } = await import('../../features/placeholders/placeholder-page.tsx');
    return { Component: () => <PlaceholderPage title={title} /> };
  };
}
