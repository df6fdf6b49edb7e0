/**
 * An account's roles (issue 25). A pending sign-up is approved as staff or admin, or
 * refused (its account is deactivated). An approved account is made admin or loses the
 * admin role — never the last admin, and never the admin's own (the page says why before
 * anything is written; the server's guard has the last word). Role changes go through the
 * local database, so they work offline and sync in order.
 */
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { showMessage } from '../../../components/ui/show-message.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import type { WriteOutcome } from '../../../lib/local-data/local-write.ts';
import { grantRoles, revokeRole } from '../data/account-writes.ts';
import { adminRemovalRefusal } from '../model/role-rules.ts';
import type { UserEntry } from '../model/user-entries.ts';
import { RoleBadges } from '../shared/account-badges.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

export interface RolesCardProps {
  entry: UserEntry;
  entries: readonly UserEntry[];
  actorId: string;
  onRefuse: () => void;
  refusing: boolean;
}

function tell(outcome: WriteOutcome, saved: string): void {
  if (outcome === 'failed') showMessage({ title: 'Error', description: 'The role change was not saved. Please try again.', type: 'error' });
  else if (outcome === 'pending') showMessage({ title: 'Saved on This Device', description: `${saved} It syncs when this device is back online.`, type: 'info' });
  else showMessage({ title: 'Roles Updated', description: saved, type: 'success' });
}

export function RolesCard({ entry, entries, actorId, onRefuse, refusing }: RolesCardProps) {
  const db = useLocalDatabase();
  const [busy, setBusy] = useState(false);
  const [confirmRefuse, setConfirmRefuse] = useState(false);
  const isAdmin = entry.roles.includes('admin');
  const refusal = isAdmin ? adminRemovalRefusal(entries, entry, actorId) : null;

  const change = async (write: () => Promise<WriteOutcome>, saved: string) => {
    setBusy(true);
    tell(await write(), saved);
    setBusy(false);
  };
  const grant = (roles: Array<'staff' | 'admin'>, saved: string) => db && void change(() => grantRoles(db, entry.id, roles), saved);

  let body;
  if (entry.status === 'deactivated') {
    body = <Text color="fg.muted">Reactivate the account to change its roles.</Text>;
  } else if (entry.status === 'pending') {
    body = (
      <Stack gap="3">
        <Text>{entry.name} signed up and waits for your approval: choose the role they get, or refuse the sign-up.</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" loading={busy} onClick={() => grant(['staff'], `${entry.name} is approved as staff.`)}>
            Approve as staff
          </Button>
          <Button size="sm" variant="outline" loading={busy} onClick={() => grant(['staff', 'admin'], `${entry.name} is approved as admin.`)}>
            Approve as admin
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" loading={refusing} onClick={() => setConfirmRefuse(true)}>
            Refuse
          </Button>
        </HStack>
      </Stack>
    );
  } else if (entry.roles.includes('staff') || isAdmin) {
    body = (
      <Stack gap="2" align="flex-start">
        <Text color="fg.muted" fontSize="sm">
          Admins manage users, roles and the laboratory settings. Staff work in the directory, patients and orders.
        </Text>
        {isAdmin ? (
          <Button size="sm" variant="outline" loading={busy} disabled={!!refusal} onClick={() => db && void change(() => revokeRole(db, entry.id, 'admin'), `${entry.name} is no longer an admin.`)}>
            Remove admin
          </Button>
        ) : (
          <Button size="sm" variant="outline" loading={busy} onClick={() => grant(['admin'], `${entry.name} is now an admin.`)}>
            Make admin
          </Button>
        )}
        {refusal && (
          <Text fontSize="sm" color="fg.muted" data-testid="role-refusal">
            {refusal}
          </Text>
        )}
      </Stack>
    );
  } else {
    body = <Text color="fg.muted">A provider's own login: they see only their provider record, its preferences and delegates.</Text>;
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="roles-title">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2" fontSize="md" id="roles-title">
            Roles
          </Card.Title>
          <RoleBadges roles={entry.roles} />
        </HStack>
      </Card.Header>
      <Card.Body pt="0">{body}</Card.Body>
      <ConfirmDialog
        open={confirmRefuse}
        title="Refuse this sign-up?"
        text={`${entry.name} will not be able to sign in: their account is deactivated. You can reactivate it later.`}
        confirmLabel="Refuse sign-up"
        onConfirm={onRefuse}
        onClose={() => setConfirmRefuse(false)}
      />
    </Card.Root>
  );
}
