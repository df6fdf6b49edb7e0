/**
 * /users/settings (issue 25, admins only): who gets in and when the app locks — the
 * email domains whose self-sign-ups get the staff role at once (others wait for an admin),
 * and the minutes without input before the app locks (2 to 60). Saved to the server
 * (app_settings), online only: offline the page says so and keeps the form.
 */
import { Alert, Breadcrumb, Button, Card, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showMessage } from '../../../components/ui/show-message.ts';
import { useAppSettings } from '../../../stores/app-settings-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { parseDomains, parseLockTimeout } from '../model/settings-form.ts';
import { USERS_TITLE } from '../model/user-texts.ts';
import { AdminsOnly } from '../shared/admins-only.tsx';
import { USERS_PATH } from '../shared/paths.ts';

const TITLE = 'Access settings';

export function AccessSettingsPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
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
                <Breadcrumb.CurrentLink>{TITLE}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={TITLE}
        description={isAdmin ? 'Who gets in without waiting for an admin, and when an unattended screen locks.' : undefined}
      />
      {isAdmin ? <SettingsForm /> : <AdminsOnly />}
    </>
  );
}

function SettingsForm() {
  const settings = useAppSettings((state) => state.settings);
  const source = useAppSettings((state) => state.source);
  const online = useSyncStore((state) => state.online);
  const [domains, setDomains] = useState(settings.allowedSignupDomains.join('\n'));
  const [timeout, setTimeoutText] = useState(String(settings.lockTimeoutMinutes));
  const [errors, setErrors] = useState<{ domains?: string; timeout?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void useAppSettings.getState().refresh();
  }, []);
  // The server's values, once read, replace the cached ones in the form.
  useEffect(() => {
    setDomains(settings.allowedSignupDomains.join('\n'));
    setTimeoutText(String(settings.lockTimeoutMinutes));
  }, [settings]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedDomains = parseDomains(domains);
    const parsedTimeout = parseLockTimeout(timeout);
    setErrors({ domains: parsedDomains.ok ? undefined : parsedDomains.message, timeout: parsedTimeout.ok ? undefined : parsedTimeout.message });
    if (!parsedDomains.ok || !parsedTimeout.ok) return;
    setSaving(true);
    const refused = await useAppSettings.getState().save({ allowedSignupDomains: parsedDomains.value, lockTimeoutMinutes: parsedTimeout.value });
    setSaving(false);
    if (refused) showMessage({ title: 'Error', description: `The settings were not saved: ${refused}`, type: 'error' });
    else showMessage({ title: 'Settings Saved', description: 'The access settings apply from now on.', type: 'success' });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={TITLE}>
      <Stack gap="5" maxW="3xl">
        {!online && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>Settings are changed on the server: connect to save them. {source === 'cached' ? 'These are the settings this device last read.' : ''}</Alert.Description>
          </Alert.Root>
        )}
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Header>
            <Card.Title as="h2" fontSize="md">
              Sign-ups
            </Card.Title>
            <Card.Description>
              Someone who creates an account with an address on one of these domains gets the staff role as soon as the address
              is confirmed. Everyone else waits until an admin approves them on the Users page.
            </Card.Description>
          </Card.Header>
          <Card.Body pt="0">
            <Field label="Allowed sign-up domains" helperText="One per line, e.g. laboratory.org. Leave empty to approve every sign-up yourself." invalid={!!errors.domains} errorText={errors.domains}>
              <Textarea rows={4} value={domains} placeholder="laboratory.org" onChange={(event) => setDomains(event.currentTarget.value)} />
            </Field>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Header>
            <Card.Title as="h2" fontSize="md">
              Automatic lock
            </Card.Title>
            <Card.Description>After this long without input the app locks; the user unlocks it with their password.</Card.Description>
          </Card.Header>
          <Card.Body pt="0">
            <Field label="Lock after (minutes)" helperText="From 2 to 60 minutes." invalid={!!errors.timeout} errorText={errors.timeout} maxW="xs">
              <Input type="number" inputMode="numeric" min={2} max={60} value={timeout} onChange={(event) => setTimeoutText(event.currentTarget.value)} />
            </Field>
          </Card.Body>
        </Card.Root>
        <HStack justify="flex-end" gap="3">
          {!online && <Text fontSize="sm" color="fg.muted">Offline</Text>}
          <Button type="submit" loading={saving} loadingText="Saving..." disabled={!online}>
            Save settings
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
