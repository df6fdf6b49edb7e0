/**
 * The manage page's Organizations section (spec §2, §3): the provider's active memberships
 * with each organization's legal name and type (the default organization marked), and the
 * 'Add to Organization' dialog. Live from the local database: a membership added here, on
 * another tab or on another device shows without a reload. 'Failed to load provider
 * organization data' / 'Failed to load organizations' when a local read genuinely fails.
 */
import { Badge, Button, Card, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuBuilding2, LuPlus } from 'react-icons/lu';
import type { ProviderDoc } from '../../../db/index.ts';
import { useOrganizations, useProviderMemberships } from '../data/relation-queries.ts';
import {
  ADD_TO_ORGANIZATION_TITLE,
  MEMBERSHIPS_LOAD_FAILED,
  ORGANIZATIONS_LOAD_FAILED,
  ORGANIZATION_TYPE_LABELS,
  providerOrganizations,
} from '../model/add-to-organization.ts';
import { showToast } from '../../../components/show-toast.ts';
import { NO_MEMBERSHIPS, ORGANIZATIONS_TITLE } from '../shared/texts.ts';
import { AddToOrganizationDialog } from './add-to-organization-dialog.tsx';

export function OrganizationsSection({ provider }: { provider: Readonly<ProviderDoc> }) {
  const memberships = useProviderMemberships(provider.id);
  const organizations = useOrganizations();
  const [dialogOpen, setDialogOpen] = useState(false);

  const membershipsFailed = memberships.status === 'error';
  const organizationsFailed = organizations.status === 'error';
  useEffect(() => {
    if (membershipsFailed) showToast(MEMBERSHIPS_LOAD_FAILED);
  }, [membershipsFailed]);
  useEffect(() => {
    if (organizationsFailed) showToast(ORGANIZATIONS_LOAD_FAILED);
  }, [organizationsFailed]);

  const rows =
    memberships.status === 'ready' && organizations.status === 'ready'
      ? providerOrganizations(memberships.value, organizations.value, provider.id)
      : null;

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-organizations" aria-labelledby="organizations-title" as="section">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Card.Title as="h2" fontSize="md" id="organizations-title">
            {ORGANIZATIONS_TITLE}
          </Card.Title>
          <Button size="sm" variant="outline" onClick={() => setDialogOpen(true)}>
            <LuPlus aria-hidden /> {ADD_TO_ORGANIZATION_TITLE}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {membershipsFailed && (
          <Text color="fg.error" role="alert">
            {MEMBERSHIPS_LOAD_FAILED.description}
          </Text>
        )}
        {!membershipsFailed && organizationsFailed && (
          <Text color="fg.error" role="alert">
            {ORGANIZATIONS_LOAD_FAILED.description}
          </Text>
        )}
        {!membershipsFailed && !organizationsFailed && rows === null && (
          <Spinner size="sm" color="brand.solid" aria-label="Loading organizations" />
        )}
        {rows !== null && rows.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            {NO_MEMBERSHIPS}
          </Text>
        )}
        {rows !== null && rows.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Organization memberships">
            {rows.map(({ membership, organization }) => (
              <HStack as="li" key={membership.id} gap="3" align="flex-start" data-testid="organization-membership">
                <Text as="span" color="fg.muted" mt="0.5" aria-hidden>
                  <LuBuilding2 />
                </Text>
                <Stack gap="1" minW="0">
                  <Text fontWeight="medium" lineHeight="short">
                    {organization.legal_name}
                  </Text>
                  <HStack gap="1.5" wrap="wrap">
                    <Badge size="sm" variant="outline">
                      {ORGANIZATION_TYPE_LABELS[organization.type] ?? organization.type}
                    </Badge>
                    {organization.id === provider.default_organization_id && (
                      <Badge size="sm" variant="subtle" colorPalette="brand">
                        Default
                      </Badge>
                    )}
                    {!organization.is_active && (
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
      <AddToOrganizationDialog
        provider={provider}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        organizations={organizations}
        memberships={memberships}
      />
    </Card.Root>
  );
}
