/**
 * An account's profile (issue 25): first and last name and professional title, saved to
 * the local database (it syncs; offline it waits). The email is the sign-in address and
 * is not edited here.
 */
import { Button, Card, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { showMessage } from '../../../components/ui/show-message.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { saveProfile } from '../data/account-writes.ts';
import type { UserEntry } from '../model/user-entries.ts';

export function ProfileCard({ entry }: { entry: UserEntry }) {
  const db = useLocalDatabase();
  const initial = { first_name: entry.firstName, last_name: entry.lastName, professional_title: entry.professionalTitle };
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = {
    first_name: values.first_name.trim() ? null : 'First name is required',
    last_name: values.last_name.trim() ? null : 'Last name is required',
  };
  const changed = (Object.keys(initial) as Array<keyof typeof initial>).some((key) => values[key].trim() !== initial[key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!db || errors.first_name || errors.last_name) return;
    setSaving(true);
    const outcome = await saveProfile(db, entry.id, values);
    setSaving(false);
    if (outcome === 'failed') showMessage({ title: 'Error', description: 'Failed to update the profile.', type: 'error' });
    else if (outcome === 'pending') showMessage({ title: 'Saved on This Device', description: 'The profile syncs when this device is back online.', type: 'info' });
    else showMessage({ title: 'Success', description: 'Profile updated successfully', type: 'success' });
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="profile-title">
      <Card.Header>
        <Card.Title as="h2" fontSize="md" id="profile-title">
          Profile
        </Card.Title>
        <Card.Description>{entry.email}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile">
          <Stack gap="4">
            <HStack gap="4" align="flex-start">
              <Field label="First name" required invalid={submitted && !!errors.first_name} errorText={submitted ? errors.first_name : undefined}>
                <Input placeholder="First name" value={values.first_name} onChange={(event) => setValues({ ...values, first_name: event.currentTarget.value })} />
              </Field>
              <Field label="Last name" required invalid={submitted && !!errors.last_name} errorText={submitted ? errors.last_name : undefined}>
                <Input placeholder="Last name" value={values.last_name} onChange={(event) => setValues({ ...values, last_name: event.currentTarget.value })} />
              </Field>
            </HStack>
            <Field label="Professional title">
              <Input placeholder="Professional title (optional)" value={values.professional_title} onChange={(event) => setValues({ ...values, professional_title: event.currentTarget.value })} />
            </Field>
            <HStack justify="flex-end">
              <Button type="button" variant="outline" size="sm" disabled={!changed || saving} onClick={() => setValues(initial)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={!changed} loading={saving} loadingText="Saving...">
                Save Changes
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
