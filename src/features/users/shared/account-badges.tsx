/** An account's status and roles as badges (the list's cells and the manage page's header). */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { ACCOUNT_STATUS_LABELS, ROLE_LABELS, type AccountStatus, type RoleName } from '../../../lib/users/account-status.ts';

const STATUS_PALETTE: Record<AccountStatus, string> = { active: 'green', invited: 'blue', pending: 'orange', deactivated: 'gray' };
const ROLE_PALETTE: Record<RoleName, string> = { admin: 'brand', staff: 'gray', provider: 'purple' };

export function StatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant={status === 'pending' ? 'surface' : 'subtle'} data-testid="account-status">
      {ACCOUNT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RoleBadges({ roles }: { roles: readonly RoleName[] }) {
  if (roles.length === 0) {
    return (
      <Text as="span" color="fg.muted" fontSize="sm">
        No role
      </Text>
    );
  }
  return (
    <HStack gap="1" wrap="wrap">
      {roles.map((role) => (
        <Badge key={role} colorPalette={ROLE_PALETTE[role]} variant="outline">
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </HStack>
  );
}
