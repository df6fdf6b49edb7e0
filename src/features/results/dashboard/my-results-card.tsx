/**
 * A provider's dashboard (issue 27), their results: the results nobody has opened yet and
 * those waiting for the ordering provider's sign-off, on this device (RLS sends a provider
 * and their delegates only the results they may see), each opening the inbox filtered.
 * Counted with the navigation's count (use-unreviewed-count.ts), from the change stream.
 */
import { Figure, FigureCard, LOCKED_FIGURE, LockedFiguresNote } from '../../../components/dashboard/figure-card.tsx';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useResultCounts } from '../../../lib/results/use-unreviewed-count.ts';
import { RESULT_FILTERS } from '../model/result-inbox.ts';

export const UNREAD_PATH = filteredListPath('/results', RESULT_FILTERS, { review: 'unread', flag: 'all' });
const UNREVIEWED_PATH = filteredListPath('/results', RESULT_FILTERS, { review: 'unreviewed', flag: 'all' });

export function MyResultsCard({ unlocked }: { unlocked: boolean }) {
  const counts = useResultCounts();
  const unavailable = unlocked ? undefined : LOCKED_FIGURE;
  return (
    <FigureCard title="Your results" description="What the laboratory reported for your orders." testId="dashboard-my-results">
      <Figure label="Unread results" count={counts?.unread ?? null} to={UNREAD_PATH} tone="warning" testId="figure-results-unread" unavailable={unavailable} />
      <Figure label="Results waiting for sign-off" count={counts?.unreviewed ?? null} to={UNREVIEWED_PATH} testId="figure-my-results-unreviewed" unavailable={unavailable} />
      {!unlocked && <LockedFiguresNote unlockAt={UNREAD_PATH} />}
    </FigureCard>
  );
}
