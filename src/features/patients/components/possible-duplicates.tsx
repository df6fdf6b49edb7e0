/** The possible duplicates of the patient in the form, with links to each (they open in the same tab after saving or leaving). */
import { Alert, Badge, HStack, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatListDate } from '../../../lib/format/date.ts';
import type { ListPatient } from '../data/patient-list.ts';
import type { OrganizationChoice } from '../data/use-organization-names.ts';
import type { PossibleDuplicate } from '../model/duplicates.ts';
import { patientName } from '../model/patient-record.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';

export function PossibleDuplicates({ duplicates, organizations }: { duplicates: PossibleDuplicate<ListPatient>[]; organizations: OrganizationChoice[] }) {
  if (duplicates.length === 0) return null;
  const organizationName = (id: string) => organizations.find((organization) => organization.id === id)?.name ?? 'an organization';
  return (
    <Alert.Root status="warning" variant="outline" aria-live="polite" data-testid="possible-duplicates">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{PATIENT_TEXT.duplicatesTitle}</Alert.Title>
        <Alert.Description>
          <Text mb="2">{PATIENT_TEXT.duplicatesText}</Text>
          <List.Root gap="2" variant="plain">
            {duplicates.map(({ patient, reasons, sharedMrns }) => (
              <List.Item key={patient.id}>
                <HStack gap="2" wrap="wrap">
                  <Link asChild fontWeight="semibold" color="fg">
                    <RouterLink to={`/patients/${patient.id}`}>{patientName(patient)}</RouterLink>
                  </Link>
                  <Text color="fg.muted">
                    {formatListDate(patient.date_of_birth)} · {patient.lab_patient_id}
                  </Text>
                  {reasons.includes('name-and-birth-date') && <Badge colorPalette="orange">{PATIENT_TEXT.duplicateNameBirth}</Badge>}
                  {sharedMrns.map((row) => (
                    <Badge key={row.organization_id} colorPalette="orange">
                      {PATIENT_TEXT.duplicateMrn} {organizationName(row.organization_id)}: {row.mrn}
                    </Badge>
                  ))}
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
