/**
 * The registry's answer on the organization lookup (issue 24): legal name, NPI type, other
 * names (the DBA first), authorized official (name, title, phone), practice and mailing
 * addresses, primary taxonomy; and, when the lookup cannot accept it, the registry's
 * findings with the hint that says what to do.
 */
import { Alert, Badge, Card, DataList, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { LookupAddress, OrganizationLookupView } from '../model/organization-lookup.ts';

function Address({ address }: { address: LookupAddress | null }) {
  if (!address) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0">
      {address.lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {address.phone && <Text color="fg.muted">Phone {address.phone}</Text>}
      {address.fax && <Text color="fg.muted">Fax {address.fax}</Text>}
    </Stack>
  );
}

export function OrganizationResultCard({ result }: { result: OrganizationLookupView }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="organization-lookup-result">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title>{result.legalName ?? 'Unnamed record'}</Card.Title>
          <HStack gap="2">
            {result.npiType && <Badge variant="subtle">{result.npiType}</Badge>}
            {result.soleProprietor && (
              <Badge colorPalette="brand" variant="subtle">
                Sole proprietor
              </Badge>
            )}
          </HStack>
        </HStack>
        <Text color="fg.muted" fontFamily="mono" fontSize="sm">
          NPI {result.npi}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        {result.issues.length > 0 && (
          <Alert.Root status="warning" data-testid="organization-lookup-issue" alignItems="flex-start">
            <Alert.Indicator />
            <Alert.Content gap="1.5">
              <Alert.Title>Validation Issue</Alert.Title>
              <Alert.Description>
                <List.Root as="ul" ps="5" gap="1">
                  {result.issues.map((issue) => (
                    <List.Item key={issue}>{issue}</List.Item>
                  ))}
                </List.Root>
                {result.hint && (
                  <Text mt="2" data-testid="organization-lookup-hint">
                    {result.hint}
                  </Text>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <DataList.Root orientation="horizontal" size="sm" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Other names</DataList.ItemLabel>
            <DataList.ItemValue>
              {result.otherNames.length > 0 ? result.otherNames.map((other) => `${other.name} (${other.type})`).join('; ') : '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Authorized official</DataList.ItemLabel>
            <DataList.ItemValue>
              {result.official ? [result.official.name, result.official.title, result.official.phone].filter(Boolean).join(' · ') : '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Practice address</DataList.ItemLabel>
            <DataList.ItemValue>
              <Address address={result.practice} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Mailing address</DataList.ItemLabel>
            <DataList.ItemValue>
              <Address address={result.mailing} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Primary taxonomy</DataList.ItemLabel>
            <DataList.ItemValue>{result.taxonomy ?? '—'}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
