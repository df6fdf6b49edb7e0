/**
 * A provider's dashboard (issue 27), their results: the results nobody has opened yet and
 * those waiting for the ordering provider's sign-off, on this device (RLS sends a provider
 * and their delegates only the results they may see), each opening the inbox filtered.
 * Counted with the navigation's count (use-unreviewed-count.ts), from the change stream.
 * The counts (numbers, nothing of a patient) are kept for the day, so while the records
 * are locked the card still shows what the provider's login counted last.
 */
import { useEffect, useMemo } from 'react';
import { Figure, FigureCard, KeptFiguresNote, LOCKED_FIGURE, LockedFiguresNote } from '../../../components/dashboard/figure-card.tsx';
import { keepCounts, readKeptCounts } from '../../../lib/list/kept-counts.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useResultCounts } from '../../../lib/results/use-unreviewed-count.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { RESULT_FILTERS } from '../model/result-inbox.ts';

export const UNREAD_PATH = filteredListPath('/results', RESULT_FILTERS, { review: 'unread', flag: 'all' });
const UNREVIEWED_PATH = filteredListPath('/results', RESULT_FILTERS, { review: 'unreviewed', flag: 'all' });

const KEPT_AS = 'my-results';

export function MyResultsCard({ unlocked }: { unlocked: boolean }) {
  const live = useResultCounts();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  useEffect(() => {
    if (unlocked && live && userId) keepCounts(userId, KEPT_AS, { ...live });
  }, [unlocked, live, userId]);
  const kept = useMemo(() => (!unlocked && userId ? readKeptCounts<{ unread: number; unreviewed: number }>(userId, KEPT_AS) : null), [unlocked, userId]);
  const counts = unlocked ? live : kept;
  const unavailable = unlocked || kept ? undefined : LOCKED_FIGURE;
  return (
    <FigureCard title="Your results" description="What the laboratory reported for your orders." testId="dashboard-my-results">
      <Figure label="Unread results" count={counts?.unread ?? null} to={UNREAD_PATH} tone="warning" testId="figure-results-unread" unavailable={unavailable} />
      <Figure label="Results waiting for sign-off" count={counts?.unreviewed ?? null} to={UNREVIEWED_PATH} testId="figure-my-results-unreviewed" unavailable={unavailable} />
      {!unlocked && (kept ? <KeptFiguresNote unlockAt={UNREAD_PATH} /> : <LockedFiguresNote unlockAt={UNREAD_PATH} />)}
    </FigureCard>
  );
}
