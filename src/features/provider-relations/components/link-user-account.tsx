/**
 * Link User Account (spec §2, §6): a provider's login. When one is linked (user_roles joined
 * with profiles), everyone sees who it is; unlinking is not supported ('Unlinking users is
 * not supported at this time.'). Otherwise admins — and only admins — get the 'Link User
 * Account' button and its dialog; the server refuses the invitation to anyone else (the
 * invite-user function is admin-only), the UI only mirrors that.
 */
import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLink, LuUserCheck } from 'react-icons/lu';
import type { ProviderDoc } from '../../../db/index.ts';
import { UNLINK_NOT_SUPPORTED_TOAST } from '../../../lib/functions/link-user-messages.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useLinkedUser } from '../data/relation-queries.ts';
import { LINK_USER_TITLE } from '../model/link-user.ts';
import { showToast } from '../../../components/show-toast.ts';
import { LINKED_USER_LABEL } from '../shared/texts.ts';
import { LinkUserDialog } from './link-user-dialog.tsx';
import { personName } from './user-search.tsx';

export function LinkUserAccount({ provider }: { provider: Readonly<ProviderDoc> }) {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const linked = useLinkedUser(provider.id);
  const [open, setOpen] = useState(false);

  if (linked.status === 'ready' && linked.value) {
    const { profile } = linked.value;
    return (
      <HStack gap="2" data-testid="linked-user" aria-label={LINKED_USER_LABEL} role="group" borderWidth="1px" rounded="md" ps="2.5" pe="1" py="1">
        <Text as="span" color="fg.success" aria-hidden>
          <LuUserCheck />
        </Text>
        <Text fontSize="sm">
          <Text as="span" color="fg.muted">
            Login:{' '}
          </Text>
          <Text as="span" fontWeight="medium">
            {personName(profile)}
          </Text>
          {profile.email && profile.email !== personName(profile) ? ` (${profile.email})` : ''}
        </Text>
        {!linked.value.hasProviderRole && (
          <Badge size="sm" variant="subtle" colorPalette="orange">
            No provider role
          </Badge>
        )}
        {isAdmin && (
          <Button size="xs" variant="ghost" onClick={() => showToast(UNLINK_NOT_SUPPORTED_TOAST)}>
            Unlink
          </Button>
        )}
      </HStack>
    );
  }
  if (!isAdmin || linked.status !== 'ready') return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <LuLink aria-hidden /> {LINK_USER_TITLE}
      </Button>
      {open && <LinkUserDialog provider={provider} open={open} onOpenChange={setOpen} />}
    </>
  );
}
