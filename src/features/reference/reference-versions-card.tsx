/** The versions of the reference data on this device, and whether it is current. */
import { Button, Card, DataList, Text } from '@chakra-ui/react';
import { REFERENCE_DATA_SETS, REFERENCE_DATA_SET_LABELS } from '../../lib/lab/reference-types.ts';
import { refreshReferenceData, type ReferenceState } from '../../lib/reference/index.ts';
import { formatListDate } from '../../lib/format/date.ts';
import { versionText } from './version-line.tsx';

export function ReferenceVersionsCard({ reference }: { reference: ReferenceState }) {
  return (
    <Card.Root variant="outline" data-testid="reference-versions">
      <Card.Header>
        <Card.Title as="h2">On this device</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" gap="3">
          {REFERENCE_DATA_SETS.map((name) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel minW="56">{REFERENCE_DATA_SET_LABELS[name]}</DataList.ItemLabel>
              <DataList.ItemValue>{reference.status === 'ready' ? versionText(reference.data?.sets[name] ?? null) : 'Loading…'}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Text mt="4" fontSize="sm" color={reference.error ? 'fg.error' : 'fg.muted'}>
          {reference.refreshing
            ? 'Checking for new versions…'
            : reference.error
              ? `The last check for new versions failed: ${reference.error}`
              : reference.checkedAt
                ? `Checked for new versions on ${formatListDate(reference.checkedAt)}.`
                : 'Not checked for new versions yet in this session.'}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button size="sm" variant="outline" loading={reference.refreshing} loadingText="Checking…" onClick={() => void refreshReferenceData()}>
          Check for new versions
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
