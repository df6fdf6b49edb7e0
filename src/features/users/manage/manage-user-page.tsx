/**
 * /users/manage/{userId} (issue 25, admins only): one account — its profile, roles, linked
 * provider, delegations and access — live from the local database. 'User Not Found' for
 * an id this device does not know (once its first download is done).
 */
import { Breadcrumb, Center, Grid, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { callsAbout, useOpenAccountCalls } from '../data/follow-account-calls.ts';
import { useUserEntries } from '../data/use-user-entries.ts';
import { USERS_TITLE } from '../model/user-texts.ts';
import { StatusBadge } from '../shared/account-badges.tsx';
import { AdminsOnly } from '../shared/admins-only.tsx';
import { USERS_PATH } from '../shared/paths.ts';
import { AccountCard } from './account-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { DelegationsCard, LinkedProviderCard } from './relations-cards.tsx';
import { RolesCard } from './roles-card.tsx';
import { useAccountAction } from './use-account-action.ts';
import { UserNotFound } from './user-not-found.tsx';
import { entrySubtitle, type UserEntry } from '../model/user-entries.ts';

export function ManageUserPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const userId = (useParams().userId ?? '').trim().toLowerCase();
  const entries = useUserEntries();
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  if (!isAdmin) {
    return (
      <>
        <PageHeader title={USERS_TITLE} />
        <AdminsOnly />
      </>
    );
  }
  const all = entries.status === 'ready' ? entries.value : [];
  const entry = all.find((candidate) => candidate.id === userId);
  if (entry) return <ManageUser entry={entry} entries={all} />;
  if (entries.status === 'error' || (entries.status === 'ready' && firstSyncDone)) return <UserNotFound />;
  return (
    <Center py="24" role="status">
      <HStack gap="3" color="fg.muted">
        <Spinner size="md" color="brand.solid" />
        <Text>Loading user…</Text>
      </HStack>
    </Center>
  );
}

function ManageUser({ entry, entries }: { entry: UserEntry; entries: readonly UserEntry[] }) {
  const actorId = useSessionStore((state) => selectKnownUser(state)?.id ?? '');
  const action = useAccountAction(entry);
  const open = useOpenAccountCalls();
  const calls = useMemo(() => (open.status === 'ready' ? callsAbout(open.value, entry.id) : []), [open, entry.id]);
  const refusing = action.busy || calls.some((item) => item.state !== 'failed');

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb.Root size="sm" mb="1">
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={USERS_PATH}>{USERS_TITLE}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{entry.name}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={entry.name}
        description={entrySubtitle(entry) ?? undefined}
        actions={<StatusBadge status={entry.status} />}
      />
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
        <Stack gap="5">
          <ProfileCard key={`${entry.id}:${entry.firstName}:${entry.lastName}:${entry.professionalTitle}`} entry={entry} />
          <RolesCard entry={entry} entries={entries} actorId={actorId} refusing={refusing} onRefuse={() => void action.run('refuse')} />
        </Stack>
        <Stack gap="5">
          <AccountCard entry={entry} entries={entries} actorId={actorId} calls={calls} action={action} />
          <LinkedProviderCard entry={entry} />
          <DelegationsCard entry={entry} />
        </Stack>
      </Grid>
    </>
  );
}
