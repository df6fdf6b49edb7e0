/**
 * The results pages (issue 32) composed with the patients feature's gate (features do not
 * import each other): results are protected records, so each page opens after the password.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

type Lazy = LazyRouteFunction<RouteObject>;

export const resultsInboxPage: Lazy = async () => {
  const [{ ProtectedGate }, { ResultsHeader, ResultsInbox }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/results/components/results-page.tsx'),
  ]);
  return {
    Component: () => (
      <>
        <ResultsHeader />
        <ProtectedGate>{(db) => <ResultsInbox db={db} />}</ProtectedGate>
      </>
    ),
  };
};

export const resultDetailPage: Lazy = async () => {
  const [{ ProtectedGate }, { ResultDetail }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/results/components/result-page.tsx'),
  ]);
  return { Component: () => <ProtectedGate>{(db) => <ResultDetail db={db} />}</ProtectedGate> };
};

export const resultQueuePage: Lazy = async () => {
  const { ResultQueuePage } = await import('../../features/results/components/result-queue-page.tsx');
  return { Component: ResultQueuePage };
};
