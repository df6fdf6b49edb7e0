/**
 * The dashboard's results (issue 27): critical values nobody has acknowledged yet (first and
 * loud), results waiting for the ordering provider's sign-off, and results that matched no
 * order. The first two are counted on this device from the change streams
 * (open critical values: grouped-counts.ts, read once, then one count moves per change;
 * unreviewed: the navigation's own count), with the very rules the results inbox filters by, so each figure opens the list it counts; the unmatched ones are
 * a server-only list, counted online.
 */
import { Box, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Figure, FigureCard, LOCKED_FIGURE, LockedFiguresNote } from '../../../components/dashboard/figure-card.tsx';
import { OPEN_CRITICAL_VALUES } from '../../../lib/alerts/critical-values.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useGroupedCounts } from '../../../lib/local-data/grouped-counts.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { UNMATCHED_RESULTS_PATH, useUnmatchedResultsCount } from '../../../lib/results/unmatched-results.ts';
import { useUnreviewedResultsCount } from '../../../lib/results/use-unreviewed-count.ts';
import { RESULT_FILTERS } from '../model/result-inbox.ts';

const RESULTS = '/results';

/** Whether the protected database is open in this tab (else a count not read yet says why). */
function useProtectedOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | null = null;
    void import('../../../db/index.ts').then((data) => {
      if (!stopped) subscription = data.protectedData$.subscribe((state) => setOpen(state.status === 'open'));
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return open;
}

export const CRITICAL_OPEN_PATH = filteredListPath(RESULTS, RESULT_FILTERS, { review: 'all', flag: 'unacknowledged' });
export const UNREVIEWED_PATH = filteredListPath(RESULTS, RESULT_FILTERS, { review: 'unreviewed', flag: 'all' });

/** The loud one: a red panel while any critical value waits, quiet when none does. */
function CriticalValues() {
  const { counts, ready } = useGroupedCounts(useLocalDatabase(), OPEN_CRITICAL_VALUES);
  const count = ready ? counts.size : null;
  const loud = count !== null && count > 0;
  return (
    <Box
      borderWidth={loud ? '2px' : '1px'}
      borderColor={loud ? 'red.solid' : 'border'}
      bg={loud ? 'red.subtle' : undefined}
      rounded="md"
      px="3"
      py="1"
      role={loud ? 'alert' : undefined}
      data-testid="critical-values-panel"
    >
      <Figure label="Critical values not yet acknowledged" count={count} to={CRITICAL_OPEN_PATH} tone="danger" testId="figure-critical-unacknowledged" />
    </Box>
  );
}

export function ResultFiguresCard() {
  // The navigation's own count (results live in the protected database: counted once it is open, the last count kept while locked).
  const unreviewed = useUnreviewedResultsCount();
  const unmatched = useUnmatchedResultsCount();
  const unlocked = useProtectedOpen();
  return (
    <FigureCard title="Results" description="What the laboratory reported that someone must act on." testId="dashboard-results">
      <CriticalValues />
      <Figure
        label="Results waiting for sign-off"
        count={unreviewed}
        to={UNREVIEWED_PATH}
        tone="warning"
        testId="figure-results-unreviewed"
        unavailable={unlocked ? undefined : LOCKED_FIGURE}
      />
      <Figure
        label="Results that matched no order"
        count={unmatched.status === 'ready' ? unmatched.count : null}
        to={UNMATCHED_RESULTS_PATH}
        tone="danger"
        testId="figure-results-unmatched"
        unavailable={unmatched.status === 'offline' ? 'Counted when online' : unmatched.status === 'error' ? 'Could not be counted' : undefined}
      />
      {!unlocked && <LockedFiguresNote unlockAt={UNREVIEWED_PATH} />}
      <HStack>
        <Text fontSize="xs" color="fg.muted">
          Critical values are acknowledged in the open alerts above; results are signed off by the ordering provider.
        </Text>
      </HStack>
    </FigureCard>
  );
}
