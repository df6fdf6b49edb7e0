/**
 * /providers/lookup (spec §2, §5, §8): breadcrumbs Providers > Add Provider > NPI Lookup;
 * the NPI input (digits only, a wrong check digit said at once), Verify NPI (disabled while
 * empty, and offline, where the page says plainly that lookup needs a connection); the
 * registry's result with its validation issues, or why it failed; the optional PECOS check;
 * Back to type selection, and Continue to the form once the NPI is verified without
 * validation issues. Without a chosen provider type it sends the user to type selection.
 */
import { Alert, Button, Card, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuArrowLeft, LuArrowRight, LuSearch } from 'react-icons/lu';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { NPI_REQUIRED } from '../model/npi-input.ts';
import { addProviderRedirect } from '../model/add-provider-session.ts';
import { ADD_PROVIDER_PATHS } from '../model/provider-type.ts';
import { FlowBreadcrumbs } from '../shared/flow-breadcrumbs.tsx';
import { addProviderSession } from '../shared/flow-session.ts';
import { LOOKUP_CRUMBS, LOOKUP_TEXT } from '../shared/flow-texts.ts';
import { showToast } from '../../../components/show-toast.ts';
import { useOnline } from '../shared/use-online.ts';
import { NpiFailureAlert } from './npi-failure-alert.tsx';
import { NpiResultCard } from './npi-result-card.tsx';
import { useNpiLookup } from './use-npi-lookup.ts';
import { usePecosLookup } from './use-pecos-lookup.ts';

export function NpiLookupPage() {
  const [redirect] = useState(() => addProviderRedirect('lookup', addProviderSession));
  if (redirect) return <Navigate to={redirect} replace />;
  return <NpiLookup />;
}

function NpiLookup() {
  const navigate = useNavigate();
  const online = useOnline();
  const lookup = useNpiLookup();
  const pecos = usePecosLookup(lookup.result?.npi ?? null);
  const verifying = lookup.phase === 'verifying';
  const empty = lookup.npi === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookup.verify(online);
  };
  // The browser does not submit a form whose only button is disabled: an Enter on the empty input still says what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && empty) {
      event.preventDefault();
      showToast(NPI_REQUIRED);
    }
  };

  return (
    <>
      <PageHeader eyebrow={<FlowBreadcrumbs items={LOOKUP_CRUMBS} />} title={LOOKUP_TEXT.title} description={LOOKUP_TEXT.description} />
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
                  <Button type="submit" disabled={empty || verifying || !online} loading={verifying} loadingText={LOOKUP_TEXT.verifying}>
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
        {lookup.result && <NpiResultCard result={lookup.result} pecos={pecos} online={online} />}
        <HStack justify="space-between" gap="3" pt="1">
          <Button variant="outline" onClick={() => navigate(ADD_PROVIDER_PATHS.typeSelection)}>
            <LuArrowLeft aria-hidden /> {LOOKUP_TEXT.back}
          </Button>
          {lookup.result?.canContinue && (
            <Button onClick={() => navigate(ADD_PROVIDER_PATHS.create)}>
              {LOOKUP_TEXT.continue} <LuArrowRight aria-hidden />
            </Button>
          )}
        </HStack>
      </Stack>
    </>
  );
}
