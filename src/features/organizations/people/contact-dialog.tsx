/**
 * Adding or editing one contact at the client (name, role, phone, email, preferred
 * channel). The shared contact rules (lib/organization/contact-form.ts) say what is
 * missing under each field; nothing is saved until they pass.
 */
import { Button, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { contactProblems, CONTACT_ROLE_SUGGESTIONS, type ContactDraft, type ContactProblems } from '../../../lib/organization/contact-form.ts';
import { CONTACT_CHANNEL_LABELS, CONTACT_CHANNELS, type ContactChannel } from '../../../lib/organization/rules.ts';

export interface ContactDialogProps {
  /** The contact edited, or the empty draft of a new one; null when closed. */
  draft: ContactDraft | null;
  isNew: boolean;
  saving: boolean;
  onSave: (draft: ContactDraft) => void;
  onClose: () => void;
}

export function ContactDialog({ draft, isNew, saving, onSave, onClose }: ContactDialogProps) {
  return (
    <DialogRoot open={draft !== null} onOpenChange={(details) => !details.open && !saving && onClose()} closeOnInteractOutside={!saving}>
      <DialogContent>{draft && <ContactForm key={isNew ? 'new' : 'edit'} initial={draft} isNew={isNew} saving={saving} onSave={onSave} onClose={onClose} />}</DialogContent>
    </DialogRoot>
  );
}

function ContactForm({ initial, isNew, saving, onSave, onClose }: { initial: ContactDraft; isNew: boolean; saving: boolean; onSave: (draft: ContactDraft) => void; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<ContactProblems>({});
  const set = (patch: Partial<ContactDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="contact-dialog">
      <DialogHeader>
        <DialogTitle>{isNew ? 'Add Contact' : 'Edit Contact'}</DialogTitle>
      </DialogHeader>
      <DialogBody>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field label="Name" required invalid={!!problems.name} errorText={problems.name}>
              <Input value={draft.name} onChange={(event) => set({ name: event.currentTarget.value })} autoComplete="off" />
            </Field>
            <Field label="Role" required invalid={!!problems.role} errorText={problems.role}>
              <Input value={draft.role} onChange={(event) => set({ role: event.currentTarget.value })} list="contact-roles" placeholder="Office manager" autoComplete="off" />
              <datalist id="contact-roles">
                {CONTACT_ROLE_SUGGESTIONS.map((role) => (
                  <option key={role} value={role} />
                ))}
              </datalist>
            </Field>
            <Field label="Phone" invalid={!!problems.phone} errorText={problems.phone}>
              <Input type="tel" value={draft.phone} onChange={(event) => set({ phone: event.currentTarget.value })} autoComplete="off" />
            </Field>
            <Field label="Email" invalid={!!problems.email} errorText={problems.email}>
              <Input type="email" value={draft.email} onChange={(event) => set({ email: event.currentTarget.value })} autoComplete="off" />
            </Field>
          </SimpleGrid>
          <Field label="Preferred channel" required invalid={!!problems.preferred_channel} errorText={problems.preferred_channel}>
            <NativeSelect.Root maxW={{ md: '2xs' }}>
              <NativeSelect.Field value={draft.preferred_channel} onChange={(event) => set({ preferred_channel: event.currentTarget.value as ContactChannel })}>
                {CONTACT_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {CONTACT_CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
        </Stack>
      </DialogBody>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Saving...">
          {isNew ? 'Add Contact' : 'Save Contact'}
        </Button>
      </DialogFooter>
      <DialogCloseTrigger disabled={saving} />
    </form>
  );
}
