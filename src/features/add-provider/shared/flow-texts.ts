/**
 * Words of the add-provider pages that are not in the spec's catalogue (headings,
 * descriptions, button labels), kept together so pages and end-to-end tests agree.
 */
import { NPI_LOOKUP_BREADCRUMBS, ADD_PROVIDER_PATHS } from '../model/provider-type.ts';
import type { Crumb } from './flow-breadcrumbs.tsx';

const [PROVIDERS_CRUMB, ADD_PROVIDER_CRUMB, NPI_LOOKUP_CRUMB] = NPI_LOOKUP_BREADCRUMBS;

export const TYPE_SELECTION_CRUMBS: readonly Crumb[] = [
  { label: PROVIDERS_CRUMB, to: ADD_PROVIDER_PATHS.done },
  { label: ADD_PROVIDER_CRUMB },
];

export const LOOKUP_CRUMBS: readonly Crumb[] = [
  { label: PROVIDERS_CRUMB, to: ADD_PROVIDER_PATHS.done },
  { label: ADD_PROVIDER_CRUMB, to: ADD_PROVIDER_PATHS.typeSelection },
  { label: NPI_LOOKUP_CRUMB },
];

export function createCrumbs(individual: boolean): readonly Crumb[] {
  return [
    { label: PROVIDERS_CRUMB, to: ADD_PROVIDER_PATHS.done },
    { label: ADD_PROVIDER_CRUMB, to: ADD_PROVIDER_PATHS.typeSelection },
    ...(individual ? [{ label: NPI_LOOKUP_CRUMB, to: ADD_PROVIDER_PATHS.lookup }] : []),
    { label: 'Provider Details' },
  ];
}

export const TYPE_SELECTION_TEXT = {
  title: 'Add Provider',
  description: 'What kind of provider are you adding? Individual providers are verified in the national NPI registry first.',
  chosen: 'Last chosen',
} as const;

export const LOOKUP_TEXT = {
  title: 'NPI Lookup',
  description: "Enter the individual provider's 10-digit NPI to verify it in the national NPI registry (NPPES).",
  inputLabel: 'NPI',
  inputPlaceholder: '10-digit NPI',
  inputHelp: 'Ten digits; the last one is a check digit, so a typo is caught as you type.',
  verify: 'Verify NPI',
  verifying: 'Verifying…',
  back: 'Back',
  continue: 'Continue',
  checkPecos: 'Check PECOS Enrollment Status',
  checkingPecos: 'Checking PECOS…',
  offlineTitle: 'NPI lookup needs an internet connection',
  offlineDescription:
    'Verifying an NPI asks the national registry, so it cannot be done offline. Connect to the internet and try again; providers already in the directory stay available offline.',
  resultTitle: 'NPI Verified',
  typeHintTitle: 'Check the NPI type',
} as const;

export const CREATE_TEXT = {
  individualTitle: 'Add Individual Provider',
  nonHealthcareTitle: 'Add Non-Healthcare Provider',
  individualDescription: 'Review the details from the NPI registry, choose the organization and how lab results reach the provider.',
  nonHealthcareDescription: 'A client or direct-bill organization or individual, without an NPI. Enter their details and how lab results reach them.',
  submit: 'Add Provider',
  submitting: 'Adding…',
  back: 'Back',
  fromRegistry: 'From the NPI registry',
  organizationPlaceholder: 'Select an organization',
  noOrganizations: 'No active organizations are on this device yet. They download with the directory; an admin can add one.',
  loadingOrganizations: 'Loading organizations…',
  duplicateOpen: 'Open the existing provider',
  offlineNote: 'You are offline: the provider is saved on this device and syncs when the connection is back.',
} as const;
