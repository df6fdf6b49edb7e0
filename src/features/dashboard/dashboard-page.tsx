/**
 * /dashboard (issue 27): what needs attention now, from local data only (it paints offline
 * and after a reload from what the device holds). The sections come from src/app, which
 * composes them from the features; this page lays them out for the user's role.
 */
import { Alert, GridItem, SimpleGrid, Skeleton } from '@chakra-ui/react';
import { Suspense, type ComponentType } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { usePaintedOnce } from '../../lib/browser/after-first-paint.ts';
import { selectIsProviderOnly, useSessionStore } from '../../stores/session-store.ts';
import { selectFirstDownloadUnderway, useSyncStore } from '../../stores/sync-store.ts';
import { sectionsFor, type DashboardSection } from './dashboard-sections.ts';

const SPANS = {
  lead: { base: 1, md: 2, xl: 1 },
  wide: { base: 1, md: 2, xl: 2 },
  full: { base: 1, md: 2, xl: 3 },
} as const;

export const PARTIAL_FIGURES = 'This device is still downloading its copy: the figures count what has arrived so far.';

/** While the first download runs, zeros would read as facts: say they are partial. */
function FirstSyncNote() {
  const { stored, total } = useSyncStore((state) => state.firstSync);
  // Not before the device's record of its download is read (the database opens after the
  // first paint): a device with its whole copy would flash the note on every reload.
  if (!useSyncStore(selectFirstDownloadUnderway)) return null;
  return (
    <Alert.Root status="info" mb="4" data-testid="dashboard-partial">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{PARTIAL_FIGURES}</Alert.Title>
        {total !== null && total > 0 && (
          <Alert.Description>
            {Math.min(stored, total).toLocaleString('en-US')} of {total.toLocaleString('en-US')} records
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** A section's first paint: its kept figures, or a skeleton of its size. */
function SectionPlaceholder({ Kept }: { Kept: ComponentType | undefined }) {
  return Kept ? <Kept /> : <Skeleton height="48" borderRadius="l3" />;
}

export function DashboardPage({ sections }: { sections: readonly DashboardSection[] }) {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const shown = sectionsFor(sections, providerOnly);
  // The first paint is the header and the kept figures (issue 27: under a second at 50,000
  // providers); the sections' code is requested once it is on screen, all in one wave, so
  // neither its download nor the counting it starts delays that paint.
  const painted = usePaintedOnce();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={providerOnly ? 'Your provider record at a glance.' : 'What needs attention today. Every figure opens the list it counts.'}
      />
      <FirstSyncNote />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="dashboard">
        {shown.map(({ id, span, Component, Kept }) => (
          <GridItem key={id} colSpan={span ? SPANS[span] : 1}>
            {painted ? (
              <Suspense fallback={<SectionPlaceholder Kept={Kept} />}>
                <Component />
              </Suspense>
            ) : (
              <SectionPlaceholder Kept={Kept} />
            )}
          </GridItem>
        ))}
      </SimpleGrid>
    </>
  );
}
