/**
 * The registry's answer for the NPI (spec §2, §3): legal name, NPI type, primary taxonomy
 * and practice address, then every validation issue under 'Validation Issue' (with the
 * Type 1 / Type 2 hint when one is about the type), then, for an NPI that can be added, the
 * optional PECOS check.
 */
import { Alert, Badge, Box, Card, Grid, HStack, List, Separator, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { LuBadgeCheck, LuTriangleAlert } from 'react-icons/lu';
import { formatPhone } from '../../../lib/format/phone.ts';
import { LOOKUP_TEXT } from '../shared/flow-texts.ts';
import type { LookupResultView } from './lookup-result.ts';
import { PecosStatus } from './pecos-status.tsx';
import type { PecosLookup } from './use-pecos-lookup.ts';

export interface NpiResultCardProps {
  result: LookupResultView;
  pecos: PecosLookup;
  online: boolean;
}

export function NpiResultCard({ result, pecos, online }: NpiResultCardProps) {
  const rows: Array<[string, ReactNode]> = [
    ['Legal name', result.legalName ?? 'Not listed'],
    ['NPI', <Text as="span" fontFamily="mono" key="npi">{result.npi}</Text>],
    ['NPI type', result.npiType ?? 'Not listed'],
    ['Primary taxonomy', result.taxonomy ?? 'Not listed'],
    [
      'Practice address',
      result.addressLines.length > 0 ? (
        <Box key="address">
          {result.addressLines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Box>
      ) : (
        'Not listed'
      ),
    ],
  ];
  if (result.phone) rows.push(['Phone', formatPhone(result.phone)]);
  if (result.fax) rows.push(['Fax', formatPhone(result.fax)]);

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="npi-result">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Card.Title as="h2" fontSize="md">
            {result.legalName ?? `NPI ${result.npi}`}
          </Card.Title>
          {result.canContinue ? (
            <Badge colorPalette="green" variant="subtle" size="md">
              <LuBadgeCheck aria-hidden /> {LOOKUP_TEXT.resultTitle}
            </Badge>
          ) : (
            <Badge colorPalette="orange" variant="subtle" size="md">
              <LuTriangleAlert aria-hidden /> Needs attention
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="5" pt="3">
        <Grid as="dl" templateColumns={{ base: '1fr', md: '11rem 1fr' }} columnGap="6" rowGap={{ base: '1', md: '3' }}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <Text as="dt" color="fg.muted" fontSize="sm" pt={{ base: '2', md: '0.5' }}>
                {label}
              </Text>
              <Box as="dd">{value}</Box>
            </Fragment>
          ))}
        </Grid>
        {result.issue && (
          <Alert.Root status="warning" alignItems="flex-start" data-testid="npi-validation-issue">
            <Alert.Indicator />
            <Alert.Content gap="1.5">
              <Alert.Title>{result.issue.title}</Alert.Title>
              <Alert.Description>
                <List.Root as="ul" ps="5" gap="1">
                  {result.issue.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List.Root>
                {result.issue.typeHint && (
                  <Text mt="2" data-testid="npi-type-hint">
                    <Text as="span" fontWeight="semibold">
                      {LOOKUP_TEXT.typeHintTitle}:
                    </Text>{' '}
                    {result.issue.typeHint}
                  </Text>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {/* PECOS is checked for an NPI that can be added: one verified without validation issues. */}
        {result.canContinue && (
          <>
            <Separator />
            <PecosStatus pecos={pecos} online={online} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
