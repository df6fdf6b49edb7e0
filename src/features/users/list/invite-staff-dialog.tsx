/**
 * Invite a staff member (issue 25): email, first and last name, professional title and
 * role (staff or admin), checked by the rules invite-user applies. The invitation goes
 * through the outbox: online it runs at once and the dialog waits — success closes it
 * (the tracker's 'Invitation Sent' toast), a refusal keeps it open with the reason (the
 * spec's 'A user with this email already exists. Please use a different email.');
 * offline it is queued, the dialog closes and the page lists it as waiting.
 */
import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showMessage } from '../../../components/ui/show-message.ts';
import { linkUserFailureDescription } from '../../../lib/functions/link-user-messages.ts';
import { useOutboxCall } from '../../../lib/local-data/use-outbox-call.ts';
import { parseStaffInvite, STAFF_INVITE_MESSAGES, type StaffRole } from '../../../lib/users/staff-invite.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { queueStaffInvite } from '../data/account-calls.ts';
import { INVITE_TITLE, inviteQueued } from '../model/user-texts.ts';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  professionalTitle: string;
  role: StaffRole;
}

const EMPTY: Values = { email: '', firstName: '', lastName: '', professionalTitle: '', role: 'staff' };

type FieldName = 'email' | 'firstName' | 'lastName' | 'professionalTitle' | 'role';

/** Which field a rule's message belongs to. */
const FIELD_OF: Record<string, FieldName> = {
  [STAFF_INVITE_MESSAGES.emailRequired]: 'email',
  [STAFF_INVITE_MESSAGES.emailInvalid]: 'email',
  [STAFF_INVITE_MESSAGES.firstNameRequired]: 'firstName',
  [STAFF_INVITE_MESSAGES.lastNameRequired]: 'lastName',
  [STAFF_INVITE_MESSAGES.tooLong]: 'professionalTitle',
  [STAFF_INVITE_MESSAGES.role]: 'role',
};

export function InviteStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const adminId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<{ field: FieldName | null; message: string } | null>(null);
  const reset = () => {
    setValues(EMPTY);
    setProblem(null);
  };
  const call = useOutboxCall({
    done: () => {
      onOpenChange(false);
      reset();
    },
    failed: (item) => setProblem({ field: 'email', message: linkUserFailureDescription(item.last_error) }),
    waiting: () => {
      showMessage(inviteQueued(values.email.trim()));
      onOpenChange(false);
      reset();
    },
  });

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = parseStaffInvite({ ...values });
    if (!checked.ok) {
      setProblem({ field: FIELD_OF[checked.message] ?? null, message: checked.message });
      return;
    }
    if (!adminId) return;
    try {
      const item = await queueStaffInvite({ ...checked.value, invitedBy: adminId });
      call.follow(item.id);
    } catch (error) {
      console.error('[users] the invitation could not be queued', error);
      setProblem({ field: null, message: linkUserFailureDescription(null) });
    }
  }

  const close = (next: boolean) => {
    if (call.busy) return;
    onOpenChange(next);
    if (!next) reset();
  };
  const errorOf = (field: FieldName) => (problem?.field === field ? problem.message : undefined);

  return (
    <DialogRoot open={open} onOpenChange={(details) => close(details.open)} closeOnInteractOutside={!call.busy}>
      <DialogContent asChild>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="invite-staff-dialog">
          <DialogHeader>
            <DialogTitle>{INVITE_TITLE}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <Stack gap="4">
              <DialogDescription color="fg.muted">
                They receive an email with a link to choose their password. An admin can manage users, roles and the laboratory
                settings; staff work in the directory, patients and orders.
              </DialogDescription>
              <Field label="Email" required invalid={!!errorOf('email')} errorText={errorOf('email')}>
                <Input type="email" autoComplete="off" placeholder="name@laboratory.example" value={values.email} disabled={call.busy} onChange={(event) => set('email')(event.currentTarget.value)} />
              </Field>
              <HStack gap="4" align="flex-start">
                <Field label="First name" required invalid={!!errorOf('firstName')} errorText={errorOf('firstName')}>
                  <Input autoComplete="off" placeholder="First name" value={values.firstName} disabled={call.busy} onChange={(event) => set('firstName')(event.currentTarget.value)} />
                </Field>
                <Field label="Last name" required invalid={!!errorOf('lastName')} errorText={errorOf('lastName')}>
                  <Input autoComplete="off" placeholder="Last name" value={values.lastName} disabled={call.busy} onChange={(event) => set('lastName')(event.currentTarget.value)} />
                </Field>
              </HStack>
              <Field label="Professional title" invalid={!!errorOf('professionalTitle')} errorText={errorOf('professionalTitle')}>
                <Input autoComplete="off" placeholder="Professional title (optional)" value={values.professionalTitle} disabled={call.busy} onChange={(event) => set('professionalTitle')(event.currentTarget.value)} />
              </Field>
              <Field label="Role" required invalid={!!errorOf('role')} errorText={errorOf('role')}>
                <NativeSelect.Root disabled={call.busy}>
                  <NativeSelect.Field value={values.role} onChange={(event) => set('role')(event.currentTarget.value)}>
                    <option value="staff">Staff</option>
                    <option value="admin">Admin</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field>
              {problem && problem.field === null && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {problem.message}
                </Text>
              )}
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={call.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={call.busy} loadingText="Sending invitation...">
              Send invitation
            </Button>
          </DialogFooter>
          <DialogCloseTrigger disabled={call.busy} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
