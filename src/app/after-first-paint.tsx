/**
 * Renders its children once the browser is idle after the first paint: for parts of the
 * shell nobody needs in the first second (the service-worker prompt, the toaster), so their
 * code does not delay the landing page (ARCHITECTURE.md budgets).
 */
import { useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
