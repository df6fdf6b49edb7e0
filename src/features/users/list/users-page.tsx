/**
 * /users (issue 25, admins only): every account on this device — name, email, roles,
 * linked provider, last sign-in, status — pending sign-ups first; search and filters from
 * the URL; invitations waiting to be sent; 'Invite staff member'. Offline like every list:
 * it reads the local profiles and roles. Non-admins are told the page is for admins.
 */
import { Button, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LuSettings, LuUserPlus, LuUsersRound } from 'react-icons/lu';
import { PageHeader } from '../../../components/page-header.tsx';
import { showMessage } from '../../../components/ui/show-message.ts';
import type { OutboxItem } from '../../../db/index.ts';
import { ROLE_LABELS } from '../../../lib/users/account-status.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { isInviteStaffPayload, isManagePayload } from '../data/account-calls.ts';
import { openInvitations, useOpenAccountCalls } from '../data/follow-account-calls.ts';
import { useUserEntries } from '../data/use-user-entries.ts';
import { ACTION_LABELS } from '../model/account-call-texts.ts';
import { filterEntries } from '../model/user-entries.ts';
import { filtersFromSearch, hasFilters, searchWithFilters } from '../model/user-filters.ts';
import {
  countSummary,
  INVITE_BUTTON,
  NO_USERS_MATCH,
  NO_USERS_TITLE,
  NO_USERS_YET,
  USERS_DESCRIPTION,
  USERS_LOAD_FAILED,
  USERS_TITLE,
} from '../model/user-texts.ts';
import { AdminsOnly } from '../shared/admins-only.tsx';
import { PendingCalls } from '../shared/pending-calls.tsx';
import { USERS_SETTINGS_PATH } from '../shared/paths.ts';
import { InviteStaffDialog } from './invite-staff-dialog.tsx';
import { UsersFilterBar } from './users-filter-bar.tsx';
import { UsersTable, type CallNote } from './users-table.tsx';

export function UsersPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={USERS_TITLE}
        description={isAdmin ? USERS_DESCRIPTION : undefined}
        actions={
          isAdmin && (
            <>
              <Button asChild size="sm" variant="outline">
                <RouterLink to={USERS_SETTINGS_PATH}>
                  <LuSettings aria-hidden /> Access settings
                </RouterLink>
              </Button>
              <Button size="sm" onClick={() => setInviting(true)}>
                <LuUserPlus aria-hidden /> {INVITE_BUTTON}
              </Button>
            </>
          )
        }
      />
      {isAdmin ? <UsersList /> : <AdminsOnly />}
      {isAdmin && <InviteStaffDialog open={inviting} onOpenChange={setInviting} />}
    </>
  );
}

function describeInvitation(item: OutboxItem): string {
  if (!isInviteStaffPayload(item.payload)) return 'Invitation';
  return `Invitation to ${item.payload.email} (${ROLE_LABELS[item.payload.role]})`;
}

function UsersList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const entries = useUserEntries();
  const calls = useOpenAccountCalls();
  const items = useMemo(() => (calls.status === 'ready' ? calls.value : []), [calls]);

  const all = useMemo(() => (entries.status === 'ready' ? entries.value : []), [entries]);
  const { query, role, status } = filters;
  const rows = useMemo(() => filterEntries(all, { query, role, status }), [all, query, role, status]);
  const notes = useMemo(() => {
    const map = new Map<string, CallNote>();
    for (const item of items) {
      if (!isManagePayload(item.payload)) continue;
      const refused = item.state === 'failed';
      map.set(item.payload.userId, { tone: refused ? 'refused' : 'waiting', text: `${ACTION_LABELS[item.payload.action]} ${refused ? 'refused' : 'pending'}` });
    }
    return map;
  }, [items]);

  useEffect(() => {
    if (entries.status === 'error') showMessage(USERS_LOAD_FAILED);
  }, [entries.status]);

  const filtered = hasFilters(filters);
  const onChange = (patch: Parameters<typeof searchWithFilters>[1]) => setParams(searchWithFilters(params, patch), { replace: true });

  return (
    <>
      <PendingCalls items={openInvitations(items)} describe={describeInvitation} title="Invitations not sent yet" />
      <UsersFilterBar filters={filters} onChange={onChange} filtered={filtered} summary={entries.status === 'ready' ? countSummary(rows.length, all.length, filtered) : null} />
      {entries.status === 'loading' && (
        <HStack justify="center" py="16" color="fg.muted">
          <Spinner size="sm" />
          <Text>Loading users…</Text>
        </HStack>
      )}
      {entries.status === 'error' && <Text color="fg.error">{USERS_LOAD_FAILED.description}</Text>}
      {entries.status === 'ready' && rows.length > 0 && <UsersTable rows={rows} notes={notes} />}
      {entries.status === 'ready' && rows.length === 0 && (
        <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="12" data-testid="users-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuUsersRound />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title>{NO_USERS_TITLE}</EmptyState.Title>
              <EmptyState.Description>{filtered ? NO_USERS_MATCH : NO_USERS_YET}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </>
  );
}
