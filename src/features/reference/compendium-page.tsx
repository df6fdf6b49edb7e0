/**
 * /compendium: the test compendium, read-only, from this device's copy (works offline):
 * search by name, order code, LOINC or CPT code; a row opens the test's detail.
 */
import { Badge, Box, Card, Input, InputGroup, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import { useReferenceData } from '../../lib/reference/index.ts';
import { NotOnDevice } from './not-on-device.tsx';
import { VersionLine } from './version-line.tsx';

export function CompendiumPage() {
  const reference = useReferenceData();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const compendium = reference.data?.compendium ?? null;
  const rows = useMemo(() => compendium?.search(query, { limit: 500, includeInactive: true }) ?? [], [compendium, query]);
  const open = (code: string) => navigate(`/compendium/${encodeURIComponent(code)}`);

  return (
    <>
      <PageHeader title="Test compendium" description="What can be ordered: specimen, container, transport, billing codes and the questions each test asks at order entry." />
      <Card.Root variant="outline" mb="4">
        <Card.Body gap="2">
          <InputGroup startElement={<LuSearch aria-hidden />}>
            <Input aria-label="Search tests" placeholder="Search by name, code, LOINC or CPT..." value={query} onChange={(event) => setQuery(event.target.value)} />
          </InputGroup>
          <VersionLine info={reference.data?.sets.compendium ?? null} />
        </Card.Body>
      </Card.Root>
      {reference.status !== 'ready' ? (
        <Text color="fg.muted">Loading the compendium…</Text>
      ) : !reference.data?.versions.compendium ? (
        <NotOnDevice refreshing={reference.refreshing} error={reference.error} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted" data-testid="compendium-empty">
          No test matches your search.
        </Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm" interactive aria-label="Tests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Test</Table.ColumnHeader>
                <Table.ColumnHeader>Code</Table.ColumnHeader>
                <Table.ColumnHeader>Specimen</Table.ColumnHeader>
                <Table.ColumnHeader>CPT</Table.ColumnHeader>
                <Table.ColumnHeader>LOINC</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((test) => (
                <Table.Row
                  key={test.code}
                  cursor="pointer"
                  tabIndex={0}
                  onClick={() => open(test.code)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') open(test.code);
                  }}
                >
                  <Table.Cell>
                    {test.name}{' '}
                    {test.is_panel && (
                      <Badge size="sm" variant="subtle">
                        Panel
                      </Badge>
                    )}{' '}
                    {!test.active && (
                      <Badge size="sm" colorPalette="gray">
                        Inactive
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono">{test.code}</Table.Cell>
                  <Table.Cell>
                    {test.specimen_type} · {test.container}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono">{test.cpt_codes.join(', ') || '—'}</Table.Cell>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">{test.loinc ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </>
  );
}
