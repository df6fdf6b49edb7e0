/**
 * The Organizations section (spec §2): the organizations the provider belongs to, with
 * their type, the default one marked. Adding to an organization is its own dialog (a later
 * issue); this section lists what the local database holds.
 */
import { Badge, Card, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuBuilding2 } from 'react-icons/lu';
import type { ProviderDoc } from '../../../db/index.ts';
import { useProviderOrganizations } from '../data/use-provider-organizations.ts';
import { showToast } from '../shared/show-toast.ts';

/** Spec §8's text for this section's load failure. */
export const ORGANIZATIONS_LOAD_FAILED = { title: 'Error', description: 'Failed to load provider organization data', type: 'error' } as const;

const TYPE_LABELS: Readonly<Record<string, string>> = {
  healthcare: 'Healthcare',
  non_healthcare: 'Non-healthcare',
  sole_proprietor: 'Sole proprietor',
};

export function ProviderOrganizationsCard({ provider }: { provider: Readonly<ProviderDoc> }) {
  const load = useProviderOrganizations(provider.id, provider.default_organization_id);
  const failed = load.status === 'error';
  useEffect(() => {
    if (failed) showToast(ORGANIZATIONS_LOAD_FAILED);
  }, [failed]);

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-organizations">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Organizations
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        {load.status === 'loading' && <Spinner size="sm" color="brand.solid" aria-label="Loading organizations" />}
        {load.status === 'error' && <Text color="fg.error">{ORGANIZATIONS_LOAD_FAILED.description}</Text>}
        {load.status === 'ready' && load.organizations.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            This provider is not linked to any organization yet.
          </Text>
        )}
        {load.status === 'ready' && load.organizations.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none">
            {load.organizations.map((organization) => (
              <HStack as="li" key={organization.id} gap="3" align="flex-start">
                <Text as="span" color="fg.muted" mt="0.5" aria-hidden>
                  <LuBuilding2 />
                </Text>
                <Stack gap="1" minW="0">
                  <Text fontWeight="medium" lineHeight="short">
                    {organization.legalName}
                  </Text>
                  <HStack gap="1.5" wrap="wrap">
                    <Badge size="sm" variant="outline">
                      {TYPE_LABELS[organization.type] ?? organization.type}
                    </Badge>
                    {organization.isDefault && (
                      <Badge size="sm" variant="subtle" colorPalette="brand">
                        Default
                      </Badge>
                    )}
                    {!organization.isActive && (
                      <Badge size="sm" variant="subtle" colorPalette="gray">
                        Inactive organization
                      </Badge>
                    )}
                  </HStack>
                </Stack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
