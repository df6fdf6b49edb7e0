/**
 * The provider's details at the top of the Profile tab: NPI and registry status, contact
 * (phone shown as (XXX) XXX-XXXX when it has ten digits), specialty, the primary state and
 * license from the registry data, and PECOS with its verify button.
 */
import { Card, HStack, Text } from '@chakra-ui/react';
import type { ProviderDoc } from '../../../db/index.ts';
import { formatPhone } from '../../../lib/format/phone.ts';
import { primaryStateAndLicense } from '../../../lib/provider/nppes.ts';
import { pecosStatus } from '../model/pecos-status.ts';
import { VerifyPecosButton } from '../list/verify-pecos-button.tsx';
import { PecosIndicator } from '../shared/pecos-indicator.tsx';
import { DetailList } from './detail-list.tsx';

const NONE = (
  <Text as="span" color="fg.muted">
    Not provided
  </Text>
);

function text(value: string | null | undefined) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : NONE;
}

/** `readOnly`: the provider's own view (issue 25), without the staff's Verify PECOS button. */
export function ProviderDetailsCard({ provider, readOnly = false }: { provider: Readonly<ProviderDoc>; readOnly?: boolean }) {
  const { state, license } = primaryStateAndLicense(provider.nppes_data);
  const pecos = pecosStatus(provider);
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-details">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Provider details
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <DetailList
          items={[
            {
              label: 'NPI',
              value: provider.npi ? (
                <Text as="span" fontFamily="mono">
                  {provider.npi}
                </Text>
              ) : (
                <Text as="span" color="fg.muted">
                  None (non-healthcare provider)
                </Text>
              ),
            },
            { label: 'NPPES registry', value: provider.npi ? (provider.nppes_verified ? 'Verified' : 'Not verified') : NONE },
            {
              label: 'PECOS',
              value: (
                <HStack gap="2" wrap="wrap">
                  <PecosIndicator provider={provider} />
                  {pecos.state !== 'not_verified' && pecos.state !== 'npi_required' && (
                    <Text as="span" fontSize="sm">
                      {pecos.label}
                    </Text>
                  )}
                  {!readOnly && <VerifyPecosButton provider={provider} size="xs" />}
                </HStack>
              ),
            },
            { label: 'Specialty', value: text(provider.taxonomy_description) },
            { label: 'Taxonomy code', value: text(provider.taxonomy_code) },
            { label: 'Primary state', value: text(state) },
            { label: 'License number', value: text(license) },
            { label: 'Email', value: text(provider.email) },
            { label: 'Phone', value: provider.phone?.trim() ? formatPhone(provider.phone) : NONE },
            { label: 'Nickname', value: text(provider.nickname) },
          ]}
        />
      </Card.Body>
    </Card.Root>
  );
}
