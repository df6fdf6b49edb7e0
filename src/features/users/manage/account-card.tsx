/**
 * An account's access (issue 25): its status, last sign-in, invitation and deactivation,
 * and what an admin does through manage-user — deactivate (a confirmation first: the
 * person's sign-in and sessions end) or reactivate, resend an unaccepted invitation, send
 * a password-reset email — with the calls still waiting or refused.
 */
import { Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { OutboxItem } from '../../../db/index.ts';
import { formatDetailDate } from '../../../lib/format/date.ts';
import { isManagePayload } from '../data/account-calls.ts';
import { ACTION_LABELS } from '../model/account-call-texts.ts';
import { deactivationRefusal } from '../model/role-rules.ts';
import type { UserEntry } from '../model/user-entries.ts';
import { PendingCalls } from '../shared/pending-calls.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { useAccountAction } from './use-account-action.ts';

export interface AccountCardProps {
  entry: UserEntry;
  entries: readonly UserEntry[];
  actorId: string;
  calls: readonly OutboxItem[];
  action: ReturnType<typeof useAccountAction>;
}

const nameOf = (entries: readonly UserEntry[], id: string | null | undefined) => entries.find((entry) => entry.id === id)?.name;
const byWhom = (date: string, name: string | undefined) => (name ? `${date}, by ${name}` : date);

export function AccountCard({ entry, entries, actorId, calls, action }: AccountCardProps) {
  const [confirming, setConfirming] = useState(false);
  const deactivated = entry.status === 'deactivated';
  const refusal = deactivated ? null : deactivationRefusal(entries, entry, actorId);
  const waiting = new Set(calls.filter((item) => item.state !== 'failed').map((item) => (isManagePayload(item.payload) ? item.payload.action : null)));

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="account-title">
      <Card.Header>
        {/* The status is the page header's: not repeated here. */}
        <Card.Title as="h2" fontSize="md" id="account-title">
          Account
        </Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        <Stack gap="4">
          <PendingCalls items={calls} describe={(item) => (isManagePayload(item.payload) ? ACTION_LABELS[item.payload.action] : 'Account change')} title="Account changes not sent yet" />
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Last sign-in</DataList.ItemLabel>
              <DataList.ItemValue>{entry.lastSignIn ? formatDetailDate(entry.lastSignIn) : 'Never'}</DataList.ItemValue>
            </DataList.Item>
            {entry.invitedAt && (
              <DataList.Item>
                <DataList.ItemLabel>Invited</DataList.ItemLabel>
                <DataList.ItemValue>{byWhom(formatDetailDate(entry.invitedAt), nameOf(entries, entry.invitedBy))}</DataList.ItemValue>
              </DataList.Item>
            )}
            {entry.deactivatedAt && (
              <DataList.Item>
                <DataList.ItemLabel>Deactivated</DataList.ItemLabel>
                <DataList.ItemValue>{byWhom(formatDetailDate(entry.deactivatedAt), nameOf(entries, entry.deactivatedBy))}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <HStack gap="2" wrap="wrap">
            {deactivated ? (
              <Button size="sm" loading={action.busy || waiting.has('reactivate')} onClick={() => void action.run('reactivate')}>
                Reactivate
              </Button>
            ) : (
              <Button size="sm" variant="outline" colorPalette="red" disabled={!!refusal} loading={action.busy || waiting.has('deactivate')} onClick={() => setConfirming(true)}>
                Deactivate
              </Button>
            )}
            {entry.status === 'invited' && (
              <Button size="sm" variant="outline" disabled={waiting.has('resend-invite')} onClick={() => void action.run('resend-invite')}>
                Resend invitation
              </Button>
            )}
            {!deactivated && entry.status !== 'invited' && (
              <Button size="sm" variant="outline" disabled={waiting.has('reset-password')} onClick={() => void action.run('reset-password')}>
                Send password reset
              </Button>
            )}
          </HStack>
          {refusal && (
            <Text fontSize="sm" color="fg.muted">
              {refusal}
            </Text>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${entry.name}?`}
        text={`${entry.name} will no longer be able to sign in, their open sessions stop working at their next token refresh, and the data on their devices is wiped when they next open the app. You can reactivate the account later.`}
        confirmLabel="Deactivate"
        onConfirm={() => void action.run('deactivate')}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
