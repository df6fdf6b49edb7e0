/**
 * The accounts (issue 25): name and title, email, roles, linked provider, last sign-in and
 * status, with a note when an account change is waiting to be sent or was refused. A few
 * hundred rows at most, so a plain table (the name is the row's link: keyboard and screen
 * readers reach every account; a click anywhere on the row opens it too).
 */
import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatListDate } from '../../../lib/format/date.ts';
import { emailUnderName, type UserEntry } from '../model/user-entries.ts';
import { RoleBadges, StatusBadge } from '../shared/account-badges.tsx';
import { managePath } from '../shared/paths.ts';

export interface CallNote {
  tone: 'waiting' | 'refused';
  text: string;
}

export function UsersTable({ rows, notes }: { rows: readonly UserEntry[]; notes: ReadonlyMap<string, CallNote> }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="xl" bg="bg.panel">
      <Table.Root size="sm" interactive aria-label="Users" data-testid="users-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="xl">Email</Table.ColumnHeader>
            <Table.ColumnHeader>Roles</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">Linked provider</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">Last sign-in</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const note = notes.get(row.id);
            return (
              <Table.Row key={row.id} cursor="pointer" onClick={() => void navigate(managePath(row.id))} data-testid="user-row">
                <Table.Cell>
                  <Stack gap="0">
                    <Link asChild fontWeight="medium" color="fg" onClick={(event) => event.stopPropagation()}>
                      <RouterLink to={managePath(row.id)}>{row.name}</RouterLink>
                    </Link>
                    {emailUnderName(row) && (
                      <Text fontSize="xs" color="fg.muted" hideFrom="xl" truncate maxW="64">
                        {row.email}
                      </Text>
                    )}
                    {row.professionalTitle && (
                      <Text fontSize="xs" color="fg.muted" hideBelow="xl">
                        {row.professionalTitle}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell hideBelow="xl" color="fg.muted">
                  {row.email}
                </Table.Cell>
                <Table.Cell>
                  <RoleBadges roles={row.roles} />
                </Table.Cell>
                <Table.Cell hideBelow="lg">{row.providerName ?? <Text as="span" color="fg.muted">—</Text>}</Table.Cell>
                <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                  {formatListDate(row.lastSignIn, 'Never')}
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <StatusBadge status={row.status} />
                    {note && (
                      <Badge colorPalette={note.tone === 'refused' ? 'red' : 'yellow'} variant="subtle" size="sm">
                        {note.text}
                      </Badge>
                    )}
                    {!note && row.unsynced && (
                      <Badge colorPalette="yellow" variant="subtle" size="sm">
                        Not synced yet
                      </Badge>
                    )}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
