/** The Schedule tab (issue 24): the courier pickup schedule and the extra pickup requests. */
import { Stack } from '@chakra-ui/react';
import { useManagedOrganization } from './manage-context.ts';
import { PickupRequestsCard } from './pickup-requests-card.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

export function OrganizationScheduleTab() {
  const organization = useManagedOrganization();
  return (
    <Stack gap="5" maxW="6xl">
      <ScheduleEditor key={organization.id} organization={organization} />
      <PickupRequestsCard organizationId={organization.id} />
    </Stack>
  );
}
