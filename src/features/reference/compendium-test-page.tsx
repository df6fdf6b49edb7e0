/** /compendium/{code}: one test: how it is collected, transported and billed, its panel members and its order questions. */
import { Badge, Box, Button, Card, DataList, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import type { AnswerType, CompendiumTest, TransportTemperature } from '../../lib/lab/reference-types.ts';
import { useReferenceData } from '../../lib/reference/index.ts';
import { NotOnDevice } from './not-on-device.tsx';

const TEMPERATURE: Record<TransportTemperature, string> = { ambient: 'Room temperature', refrigerated: 'Refrigerated', frozen: 'Frozen' };
const ANSWER: Record<AnswerType, string> = { text: 'Text', number: 'Number', 'yes-no': 'Yes / no', choice: 'Choice', date: 'Date' };

function criticalText(test: CompendiumTest): string {
  const range = test.critical_range;
  if (!range) return 'None';
  const parts = [range.low === null ? null : `below ${range.low}`, range.high === null ? null : `above ${range.high}`].filter(Boolean);
  return `${parts.join(' or ')} ${range.unit}`;
}

export function CompendiumTestPage() {
  const { code = '' } = useParams();
  const reference = useReferenceData();
  const compendium = reference.data?.compendium;
  const test = compendium?.get(decodeURIComponent(code)) ?? null;
  const back = (
    <Button asChild variant="outline" size="sm">
      <RouterLink to="/compendium">Back to the compendium</RouterLink>
    </Button>
  );
  if (reference.status !== 'ready') return <Text color="fg.muted">Loading the compendium…</Text>;
  if (reference.data?.versions.compendium === 0) return <NotOnDevice refreshing={reference.refreshing} error={reference.error} />;
  if (!test || !compendium) {
    return (
      <>
        <PageHeader title="Test not found" description={`The compendium on this device has no test with the code ${code}.`} />
        {back}
      </>
    );
  }
  const members = compendium.members(test.code);
  const questions = compendium.questionsFor([test.code]);
  const details = [
    ['Order code', test.code],
    ['LOINC', test.loinc ?? '—'],
    ['CPT codes', test.cpt_codes.join(', ') || 'Billed through its members'],
    ['Specimen', test.specimen_type],
    ['Container', test.container],
    ['Volume', test.volume || '—'],
    ['Transport', TEMPERATURE[test.transport_temperature]],
    ['Stability', test.stability || '—'],
    ['Turnaround', test.turnaround || '—'],
    ['Critical values', criticalText(test)],
  ];
  return (
    <>
      <PageHeader
        title={test.name}
        eyebrow={
          <Text fontSize="sm" color="fg.muted">
            <Link asChild>
              <RouterLink to="/compendium">Test compendium</RouterLink>
            </Link>{' '}
            › {test.code}
          </Text>
        }
        description={
          <>
            {test.is_panel && <Badge mr="2">Panel</Badge>}
            <Badge colorPalette={test.active ? 'green' : 'gray'}>{test.active ? 'Active' : 'Inactive'}</Badge>
          </>
        }
        actions={back}
      />
      <Stack gap="4">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">Collection and billing</Card.Title>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="sm" gap="3">
              {details.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        {test.is_panel && (
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2">Panel members</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack as="ul" gap="1" listStyleType="none">
                {members.map((member) => (
                  <li key={member.code}>
                    <Link asChild>
                      <RouterLink to={`/compendium/${encodeURIComponent(member.code)}`}>{member.name}</RouterLink>
                    </Link>{' '}
                    <Text as="span" fontFamily="mono" fontSize="sm" color="fg.muted">
                      {member.code}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">Order questions</Card.Title>
          </Card.Header>
          <Card.Body>
            {questions.length === 0 ? (
              <Text color="fg.muted">This test asks no questions at order entry.</Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label="Order questions">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Question</Table.ColumnHeader>
                      <Table.ColumnHeader>Answer</Table.ColumnHeader>
                      <Table.ColumnHeader>Required</Table.ColumnHeader>
                      <Table.ColumnHeader>Code</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {questions.map((question) => (
                      <Table.Row key={question.code}>
                        <Table.Cell>{question.text}</Table.Cell>
                        <Table.Cell>
                          {ANSWER[question.type]}
                          {question.choices.length > 0 && `: ${question.choices.join(', ')}`}
                        </Table.Cell>
                        <Table.Cell>{question.required ? 'Required' : 'Optional'}</Table.Cell>
                        <Table.Cell fontFamily="mono">{question.code}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
