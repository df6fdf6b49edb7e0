/**
 * The root route's element: the page, scroll restoration, and a full-screen spinner while
 * the next page's code loads (shown only if that takes longer than a moment, so fast
 * navigations do not flash).
 */
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';

const SPINNER_DELAY_MS = 150;

export function RootShell() {
  const loading = useNavigation().state === 'loading';
  const [showSpinner, setShowSpinner] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShowSpinner(false);
      return;
    }
    const timer = setTimeout(() => setShowSpinner(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <>
      <Outlet />
      {showSpinner && <FullScreenSpinner overlay />}
      <ScrollRestoration />
    </>
  );
}
