/**
 * The People tab's contacts (issue 24): whom the laboratory calls at the client (office
 * manager, billing contact, phlebotomist…), with their phone, email and preferred channel.
 * The list is one JSON column of the organization (saved as one piece, through the sync:
 * offline it waits on this device).
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { showToast } from '../../../components/show-toast.ts';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { contactFromDraft, draftOf, EMPTY_CONTACT, upsertContact, type ContactDraft } from '../../../lib/organization/contact-form.ts';
import { contactsOf } from '../../../lib/organization/organization-record.ts';
import { CONTACT_CHANNEL_LABELS, type OrganizationContact } from '../../../lib/organization/rules.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { saveContacts } from '../data/organization-writes.ts';
import { ORGANIZATION_SAVE_FAILED, ORGANIZATION_SAVED, ORGANIZATION_SAVED_OFFLINE } from '../model/organization-texts.ts';
import { ContactDialog } from './contact-dialog.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

export function OrganizationContactsCard({ organization }: { organization: Readonly<OrganizationDoc> }) {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online);
  const contacts = contactsOf(organization.contacts);
  const [editing, setEditing] = useState<{ id: string | null; draft: ContactDraft } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(next: OrganizationContact[]): Promise<boolean> {
    if (!db) return false;
    setSaving(true);
    const outcome = await saveContacts(db, organization.id, next, { timeoutMs: 3_000 });
    setSaving(false);
    showToast(outcome === 'failed' ? ORGANIZATION_SAVE_FAILED : outcome === 'pending' && !online ? ORGANIZATION_SAVED_OFFLINE : ORGANIZATION_SAVED);
    return outcome !== 'failed';
  }

  async function saveDraft(draft: ContactDraft) {
    const id = editing?.id ?? crypto.randomUUID();
    if (await save(upsertContact(contacts, contactFromDraft(id, draft)))) setEditing(null);
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="organization-contacts-title" data-testid="organization-contacts">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Card.Title as="h2" fontSize="md" id="organization-contacts-title">
              Contacts
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              Whom to call at the client: office manager, billing contact, phlebotomist…
            </Text>
          </Stack>
          <Button size="sm" variant="outline" onClick={() => setEditing({ id: null, draft: EMPTY_CONTACT })}>
            <LuPlus aria-hidden /> Add Contact
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {contacts.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No contacts yet.
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Contacts" divideY="1px">
            {contacts.map((contact) => (
              <HStack as="li" key={contact.id} py="3" gap="3" justify="space-between" wrap="wrap" data-testid="organization-contact">
                <Stack gap="1" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{contact.name}</Text>
                    <Badge size="sm" variant="outline">
                      {contact.role}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {[contact.phone, contact.email, `Prefers ${CONTACT_CHANNEL_LABELS[contact.preferred_channel].toLowerCase()}`].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <HStack gap="2">
                  <Button size="xs" variant="ghost" onClick={() => setEditing({ id: contact.id, draft: draftOf(contact) })} aria-label={`Edit ${contact.name}`} disabled={saving}>
                    <LuPencil aria-hidden /> Edit
                  </Button>
                  <RowActions
                    label={`More actions for ${contact.name}`}
                    busy={saving}
                    actions={[
                      {
                        id: 'remove',
                        label: 'Remove contact',
                        onSelect: () => void save(contacts.filter((entry) => entry.id !== contact.id)),
                        confirm: { title: `Remove ${contact.name}?`, text: `${contact.name} is no longer listed as a contact of ${organization.legal_name}.`, confirmLabel: 'Remove' },
                      },
                    ]}
                  />
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
      <ContactDialog draft={editing?.draft ?? null} isNew={editing?.id === null} saving={saving} onSave={(draft) => void saveDraft(draft)} onClose={() => setEditing(null)} />
    </Card.Root>
  );
}
