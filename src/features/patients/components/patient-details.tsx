/** The patient page's read view: demographics, MRNs and coverage, in cards. */
import { Card, DataList, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDetailDate } from '../../../lib/format/date.ts';
import { formatPhone } from '../../../lib/format/phone.ts';
import type { PatientDoc } from '../../../db/index.ts';
import type { OrganizationChoice } from '../data/use-organization-names.ts';
import { coveragesOf, displayMemberId, mrnsOf, PAYER_TYPE_LABELS, RELATIONSHIP_LABELS, SEX_LABELS, type Sex } from '../model/patient-record.ts';

function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-label={title}>
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body pt="4">{children}</Card.Body>
    </Card.Root>
  );
}

function Items({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="3">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value || <Text color="fg.subtle">—</Text>}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function PatientDetails({ patient, organizations }: { patient: Readonly<PatientDoc>; organizations: OrganizationChoice[] }) {
  const address = [patient.address_line1, patient.address_line2, [patient.city, patient.state].filter(Boolean).join(', '), patient.postal_code]
    .filter(Boolean)
    .join(' · ');
  const organizationName = (id: string) => organizations.find((organization) => organization.id === id)?.name ?? 'Unknown organization';
  const coverages = coveragesOf(patient);
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
      <DetailCard title="Demographics">
        <Items
          items={[
            ['Lab patient ID', patient.lab_patient_id],
            ['Date of birth', formatDetailDate(patient.date_of_birth)],
            ['Sex', SEX_LABELS[patient.sex as Sex] ?? patient.sex],
            ['Address', address],
            ['Phone', formatPhone(patient.phone)],
            ['Email', patient.email],
          ]}
        />
      </DetailCard>
      <DetailCard title="Coverage">
        {coverages.length === 0 ? (
          <Text color="fg.muted">No coverage recorded.</Text>
        ) : (
          coverages.map((coverage) => (
            <Items
              key={coverage.rank}
              items={[
                [coverage.rank === 'primary' ? 'Primary' : 'Secondary', PAYER_TYPE_LABELS[coverage.payer_type]],
                ...(coverage.payer_type === 'self_pay'
                  ? []
                  : ([
                      ['Payer', coverage.payer_name],
                      [coverage.payer_type === 'medicare' ? 'MBI' : 'Member ID', displayMemberId(coverage)],
                      ['Group number', coverage.group_number],
                      ['Relationship', RELATIONSHIP_LABELS[coverage.relationship]],
                      ...(coverage.relationship === 'self' ? [] : [['Subscriber', coverage.subscriber_name] as [string, ReactNode]]),
                    ] as Array<[string, ReactNode]>)),
              ]}
            />
          ))
        )}
      </DetailCard>
      <DetailCard title="Medical record numbers">
        {mrnsOf(patient).length === 0 ? (
          <Text color="fg.muted">No MRN recorded.</Text>
        ) : (
          <Items items={mrnsOf(patient).map((row) => [organizationName(row.organization_id), row.mrn] as [string, ReactNode])} />
        )}
      </DetailCard>
    </SimpleGrid>
  );
}
