/** The People tab (issue 24): the organization's providers (with their login accounts) and its contacts. */
import { Stack } from '@chakra-ui/react';
import { useManagedOrganization } from '../manage/manage-context.ts';
import { OrganizationContactsCard } from './organization-contacts-card.tsx';
import { OrganizationProvidersCard } from './organization-providers-card.tsx';

export function OrganizationPeopleTab() {
  const organization = useManagedOrganization();
  return (
    <Stack gap="5" maxW="5xl">
      <OrganizationProvidersCard organization={organization} />
      <OrganizationContactsCard organization={organization} />
    </Stack>
  );
}
