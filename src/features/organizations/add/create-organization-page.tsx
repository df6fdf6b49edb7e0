/**
 * /organizations/create (issue 24): the organization form, prefilled from the accepted NPI
 * lookup (healthcare organization, sole proprietor) or empty for a non-healthcare account,
 * with the next free account number offered. It sends the user back to the lookup when the
 * type needs an NPI and none was accepted. Saving writes to the local database (so it works
 * offline) with the registry's answer; then 'Organization Added' and the manage page. What is
 * typed is kept as a draft (src/lib/drafts) for the same type and NPI until it is saved or
 * discarded, so a reload or a closed tab loses none of it.
 */
import { Button, Spinner, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Navigate, useNavigate } from 'react-router-dom';
import { FlowBreadcrumbs } from '../../../components/flow-breadcrumbs.tsx';
import { DraftNote } from '../../../components/form/draft-note.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../components/show-toast.ts';
import { useDraft } from '../../../lib/drafts/use-draft.ts';
import { isUntouched } from '../../../lib/drafts/untouched.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import type { OrganizationFields, OrganizationFormValues } from '../../../lib/organization/organization-form.ts';
import { typeNeedsNpi, type OrganizationType } from '../../../lib/organization/rules.ts';
import { createOrganization } from '../data/organization-writes.ts';
import { addOrganizationRedirect, lookupFor, type StoredOrganizationLookup } from '../model/add-organization-session.ts';
import { createFormPrefill } from '../model/organization-lookup.ts';
import { registryFields } from '../model/registry-refresh.ts';
import { manageOrganizationPath, ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import { ORGANIZATION_CREATE_FAILED, ORGANIZATION_CREATED, ORGANIZATION_SAVED_OFFLINE, ORGANIZATION_KIND_LABELS } from '../model/organization-texts.ts';
import { OrganizationForm, type SaveRefusal } from '../form/organization-form.tsx';
import { addOrganizationSession } from '../shared/flow-session.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { useOrganizationsSnapshot } from './use-organizations-snapshot.ts';

export function CreateOrganizationPage() {
  const [redirect] = useState(() => addOrganizationRedirect('create', addOrganizationSession));
  const type = addOrganizationSession.organizationType();
  if (redirect || !type) return <Navigate to={redirect ?? ORGANIZATION_PATHS.typeSelection} replace />;
  return <CreateOrganization type={type} lookup={lookupFor(addOrganizationSession, type)} />;
}

function CreateOrganization({ type, lookup }: { type: OrganizationType; lookup: StoredOrganizationLookup | null }) {
  const navigate = useNavigate();
  const db = useLocalDatabase();
  const organizations = useOrganizationsSnapshot();
  const online = useSyncStore((state) => state.online);
  const crumbs = useMemo(
    () => [
      { label: 'Organizations', to: ORGANIZATION_PATHS.list },
      { label: 'Add Organization', to: ORGANIZATION_PATHS.typeSelection },
      ...(typeNeedsNpi(type) ? [{ label: 'NPI Lookup', to: ORGANIZATION_PATHS.lookup }] : []),
      { label: 'Create' },
    ],
    [type],
  );
  const prefill = useMemo(
    () => (organizations ? createFormPrefill(type, lookup, organizations.map((organization) => organization.account_number)) : null),
    [organizations, type, lookup],
  );

  const kept = useDraft<OrganizationFormValues | null>({
    form: 'organization-create',
    record: lookup ? `${type}:${lookup.npi}` : type,
    initial: () => null,
    isEmpty: (values) => values === null || (prefill !== null && isUntouched(values, prefill)),
  });
  const [version, setVersion] = useState(0);
  const startFrom = kept.status === 'ready' && prefill ? (kept.value ? { ...prefill, ...kept.value } : prefill) : null;

  const save = async (fields: OrganizationFields): Promise<SaveRefusal> => {
    if (!db) {
      showToast(ORGANIZATION_CREATE_FAILED);
      return null;
    }
    // The new organization is on this device at once: the page waits briefly for the server, never for a slow sync.
    const result = await createOrganization(db, fields, lookup ? registryFields(lookup, new Date().toISOString()) : null, { timeoutMs: 3_000 });
    if (!result.ok) return { field: result.field, message: result.message };
    if (result.outcome === 'failed') {
      showToast(ORGANIZATION_CREATE_FAILED);
      return null;
    }
    await kept.end();
    showToast(result.outcome === 'pending' && !online ? ORGANIZATION_SAVED_OFFLINE : ORGANIZATION_CREATED);
    addOrganizationSession.clear();
    navigate(manageOrganizationPath(result.id));
    return null;
  };

  return (
    <>
      <PageHeader
        eyebrow={<FlowBreadcrumbs items={crumbs} />}
        title="Create Organization"
        description={`${ORGANIZATION_KIND_LABELS[type]}${lookup ? ': prefilled from the NPI registry; check it and complete the account details.' : ': enter the account details.'}`}
      />
      {startFrom && prefill ? (
        <Stack gap="4">
          <DraftNote
            restoredAt={kept.restoredAt}
            savedAt={kept.savedAt}
            onDiscard={() => {
              void kept.end(prefill);
              setVersion((current) => current + 1);
            }}
          />
          <OrganizationForm
            key={version}
            defaultValues={version > 0 ? prefill : startFrom}
            onValuesChange={kept.keep}
            npiLocked={lookup !== null}
            submitLabel="Create Organization"
            onSave={save}
            testId="create-organization-form"
            actions={
              <Button variant="outline" onClick={() => navigate(typeNeedsNpi(type) ? ORGANIZATION_PATHS.lookup : ORGANIZATION_PATHS.typeSelection)}>
                <LuArrowLeft aria-hidden /> Back
              </Button>
            }
          />
        </Stack>
      ) : (
        <Spinner aria-label="Loading" />
      )}
    </>
  );
}
