/**
 * /organizations/lookup (issue 24): Organizations > Add Organization > NPI Lookup. The NPI
 * input (a wrong check digit said at once), Verify NPI for the chosen type (offline the page
 * says plainly that it needs a connection), the registry's answer with its hints, an NPI
 * already in the directory blocked with a link to it, Back, and Continue to the prefilled
 * form. Without a chosen type (or for a non-healthcare account) it sends the user on.
 */
import { Alert, Button, Card, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuArrowLeft, LuArrowRight, LuSearch } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { FlowBreadcrumbs } from '../../../components/flow-breadcrumbs.tsx';
import { NpiFailureAlert } from '../../../components/npi-failure-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../components/show-toast.ts';
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import { NPI_REQUIRED } from '../../../lib/provider/npi-input.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { addOrganizationRedirect } from '../model/add-organization-session.ts';
import { ALREADY_IN_DIRECTORY, LOOKUP_TEXT, organizationWithNpi } from '../model/organization-lookup.ts';
import { manageOrganizationPath, ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import { NPI_ALREADY_IN_DIRECTORY } from '../model/organization-texts.ts';
import { addOrganizationSession } from '../shared/flow-session.ts';
import { OrganizationResultCard } from './organization-result-card.tsx';
import { useOrganizationLookup } from './use-organization-lookup.ts';
import { useOrganizationsSnapshot } from './use-organizations-snapshot.ts';

const LOOKUP_CRUMBS = [
  { label: 'Organizations', to: ORGANIZATION_PATHS.list },
  { label: 'Add Organization', to: ORGANIZATION_PATHS.typeSelection },
  { label: 'NPI Lookup' },
];

export function OrganizationLookupPage() {
  const [redirect] = useState(() => addOrganizationRedirect('lookup', addOrganizationSession));
  const type = addOrganizationSession.organizationType();
  if (redirect || !type) return <Navigate to={redirect ?? ORGANIZATION_PATHS.typeSelection} replace />;
  return <Lookup type={type} />;
}

function Lookup({ type }: { type: OrganizationType }) {
  const navigate = useNavigate();
  const online = useSyncStore((state) => state.online);
  const lookup = useOrganizationLookup(type);
  const organizations = useOrganizationsSnapshot();
  const empty = lookup.npi === '';
  const existing = lookup.result && organizations ? organizationWithNpi(organizations, lookup.result.npi) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookup.verify(online);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && empty) {
      event.preventDefault();
      showToast(NPI_REQUIRED);
    }
  };

  return (
    <>
      <PageHeader eyebrow={<FlowBreadcrumbs items={LOOKUP_CRUMBS} />} title={LOOKUP_TEXT.title} description={LOOKUP_TEXT.description[type]} />
      <Stack gap="5" maxW="4xl">
        {!online && (
          <Alert.Root status="warning" data-testid="lookup-offline">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{LOOKUP_TEXT.offlineTitle}</Alert.Title>
              <Alert.Description>{LOOKUP_TEXT.offlineDescription}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body>
            <form onSubmit={submit} noValidate aria-label="Verify an NPI">
              <Field.Root invalid={!!lookup.inputIssue}>
                <Field.Label>{LOOKUP_TEXT.inputLabel}</Field.Label>
                <HStack gap="3" align="flex-start" w="full" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                  <Input
                    value={lookup.npi}
                    onChange={(event) => lookup.setNpi(event.target.value)}
                    onKeyDown={onKeyDown}
                    placeholder={LOOKUP_TEXT.inputPlaceholder}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={14}
                    fontFamily="mono"
                    maxW={{ base: 'full', sm: 'xs' }}
                    autoFocus
                    data-testid="npi-input"
                  />
                  <Button type="submit" disabled={empty || lookup.verifying || !online} loading={lookup.verifying} loadingText={LOOKUP_TEXT.verifying}>
                    <LuSearch aria-hidden /> {LOOKUP_TEXT.verify}
                  </Button>
                </HStack>
                {lookup.inputIssue ? (
                  <Field.ErrorText data-testid="npi-input-issue">
                    {lookup.inputIssue === NPI_REQUIRED ? `${NPI_REQUIRED.title}: ${NPI_REQUIRED.description}` : lookup.inputIssue.description}
                  </Field.ErrorText>
                ) : (
                  <Field.HelperText>{LOOKUP_TEXT.inputHelp}</Field.HelperText>
                )}
              </Field.Root>
            </form>
          </Card.Body>
        </Card.Root>
        {lookup.failure && <NpiFailureAlert failure={lookup.failure} />}
        {existing && (
          <Alert.Root status="error" data-testid="organization-npi-exists">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{ALREADY_IN_DIRECTORY}</Alert.Title>
              <Alert.Description>
                {NPI_ALREADY_IN_DIRECTORY(existing.legal_name)}{' '}
                <Link asChild colorPalette="brand" fontWeight="medium">
                  <RouterLink to={manageOrganizationPath(existing.id)}>Open {existing.legal_name}</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {lookup.result && <OrganizationResultCard result={lookup.result} />}
        <HStack justify="space-between" gap="3" pt="1">
          <Button variant="outline" onClick={() => navigate(ORGANIZATION_PATHS.typeSelection)}>
            <LuArrowLeft aria-hidden /> {LOOKUP_TEXT.back}
          </Button>
          {lookup.result?.canContinue && !existing && (
            <Button onClick={() => navigate(ORGANIZATION_PATHS.create)}>
              {LOOKUP_TEXT.continue} <LuArrowRight aria-hidden />
            </Button>
          )}
        </HStack>
      </Stack>
    </>
  );
}
