/**
 * /providers/create (spec §2, §4, §5, §7): the provider form with preferences. For an
 * individual it is prefilled from the NPI verified on the lookup page (and sends the user
 * back there when the session has no verified NPI); without a chosen type it sends the user
 * to type selection. It warns at once when the NPI is already in the directory (the save
 * blocks it too). Saving writes to the local database, so it works offline; then 'Provider
 * Added', the confetti, and the provider list.
 */
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { getLocalDatabase } from '../../../db/index.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { addProviderRedirect, type StoredNpiVerification } from '../model/add-provider-session.ts';
import type { CreateProviderValues } from '../../../lib/provider-create/create-provider-schema.ts';
import { CREATE_PROVIDER_FAILED, PROVIDER_ALREADY_EXISTS, USER_NOT_AUTHENTICATED } from '../../../lib/provider-create/create-sequence.ts';
import { prefillFromVerification } from '../../../lib/provider-create/prefill.ts';
import { ADD_PROVIDER_PATHS, type ProviderType } from '../model/provider-type.ts';
import { FlowBreadcrumbs } from '../shared/flow-breadcrumbs.tsx';
import { addProviderSession } from '../shared/flow-session.ts';
import { CREATE_TEXT, createCrumbs } from '../shared/flow-texts.ts';
import { showToast } from '../../../components/show-toast.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { useOnline } from '../shared/use-online.ts';
import { celebrate } from './celebrate.ts';
import { CreateProviderForm } from './create-provider-form.tsx';
import { saveNewProvider } from '../../../lib/provider-create/save-new-provider.ts';
import { useActiveOrganizations } from './use-active-organizations.ts';
import { useProviderWithNpi } from './use-provider-with-npi.ts';
import { writtenPersonName } from '../../../lib/provider/written-name.ts';

interface FlowState {
  redirect: string | null;
  providerType: ProviderType | null;
  verification: StoredNpiVerification | null;
}

function readFlow(): FlowState {
  const providerType = addProviderSession.providerType();
  return {
    redirect: addProviderRedirect('create', addProviderSession),
    providerType,
    // A non-healthcare provider has no NPI, whatever an earlier lookup left in the session.
    verification: providerType === 'individual' ? addProviderSession.verification() : null,
  };
}

export function CreateProviderPage() {
  // Read once: the session changes when the save clears it, and the page must not redirect then.
  const [flow] = useState(readFlow);
  if (flow.redirect || !flow.providerType) return <Navigate to={flow.redirect ?? ADD_PROVIDER_PATHS.typeSelection} replace />;
  return <CreateProvider providerType={flow.providerType} verification={flow.verification} />;
}

function CreateProvider({ providerType, verification }: { providerType: ProviderType; verification: StoredNpiVerification | null }) {
  const navigate = useNavigate();
  const online = useOnline();
  const db = useLocalDatabase();
  const organizations = useActiveOrganizations(db);
  const individual = providerType === 'individual';
  const npi = individual ? (verification?.npi ?? null) : null;
  const existing = useProviderWithNpi(db, npi);
  const [prefill] = useState(() => prefillFromVerification(verification));

  useEffect(() => {
    if (organizations.status === 'error') showToast({ title: 'Error', description: 'Failed to load organizations', type: 'error' });
  }, [organizations.status]);

  const save = async (values: CreateProviderValues) => {
    const userId = selectKnownUser(useSessionStore.getState())?.id ?? null;
    const database = getLocalDatabase();
    if (!userId || !database) {
      showToast(userId ? CREATE_PROVIDER_FAILED : USER_NOT_AUTHENTICATED);
      return;
    }
    const outcome = await saveNewProvider(database, { values, providerType, verification, userId });
    showToast(outcome.toast);
    if (!outcome.ok) return;
    // The type stays chosen for the session; the next provider starts with a fresh lookup.
    addProviderSession.clearVerification();
    celebrate();
    navigate(ADD_PROVIDER_PATHS.done);
  };

  return (
    <>
      <PageHeader
        eyebrow={<FlowBreadcrumbs items={createCrumbs(individual)} />}
        title={individual ? CREATE_TEXT.individualTitle : CREATE_TEXT.nonHealthcareTitle}
        description={individual ? CREATE_TEXT.individualDescription : CREATE_TEXT.nonHealthcareDescription}
      />
      <Stack gap="5" maxW="4xl">
        {existing && (
          <Alert.Root status="error" data-testid="create-duplicate" alignItems="flex-start">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Title>{PROVIDER_ALREADY_EXISTS.title}</Alert.Title>
              <Alert.Description>
                {PROVIDER_ALREADY_EXISTS.description} ({existing.name})
              </Alert.Description>
              <div>
                <Button asChild size="xs" variant="outline">
                  <RouterLink to={`/providers/${encodeURIComponent(existing.id)}/manage/edit`}>{CREATE_TEXT.duplicateOpen}</RouterLink>
                </Button>
              </div>
            </Alert.Content>
          </Alert.Root>
        )}
        {!online && (
          <Alert.Root status="info" data-testid="create-offline">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{CREATE_TEXT.offlineNote}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <CreateProviderForm
          prefill={prefill}
          registry={npi ? { npi, legalName: verification?.legal_name ? writtenPersonName(verification.legal_name) : null } : null}
          organizations={organizations}
          onSave={save}
          onBack={() => navigate(individual ? ADD_PROVIDER_PATHS.lookup : ADD_PROVIDER_PATHS.typeSelection)}
        />
      </Stack>
    </>
  );
}
