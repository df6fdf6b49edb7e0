/**
 * The three kinds of organization one can add (issue 24): a healthcare organization with
 * its own Type 2 NPI, a sole proprietor (an individual whose Type 1 NPI NPPES marks as a
 * sole proprietor), both looked up in NPPES first, and a non-healthcare account
 * (client-bill or direct-bill, no NPI) that goes straight to the form.
 */
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import { ORGANIZATION_PATHS } from './organization-paths.ts';

export interface OrganizationTypeChoice {
  type: OrganizationType;
  title: string;
  description: string;
  /** What choosing it leads to. */
  action: string;
  next: string;
}

export const ORGANIZATION_TYPE_CHOICES: readonly OrganizationTypeChoice[] = [
  {
    type: 'healthcare',
    title: 'Healthcare Organization',
    description: 'A practice, clinic or hospital with its own organization NPI (Type 2).',
    action: 'Look up the NPI',
    next: ORGANIZATION_PATHS.lookup,
  },
  {
    type: 'sole_proprietor',
    title: 'Sole Proprietor',
    description: 'An individual practitioner billing as a business under their own NPI (Type 1), marked sole proprietor in NPPES.',
    action: 'Look up the NPI',
    next: ORGANIZATION_PATHS.lookup,
  },
  {
    type: 'non_healthcare',
    title: 'Non-Healthcare Account',
    description: 'An employer, school, correctional facility or research sponsor ordering on a client-bill or direct-bill basis, without an NPI.',
    action: 'Enter the details',
    next: ORGANIZATION_PATHS.create,
  },
];

export const TYPE_SELECTION_TEXT = {
  title: 'Add Organization',
  description: 'What kind of client account is it? Healthcare organizations and sole proprietors are verified in the NPI registry first.',
  chosen: 'Last chosen',
} as const;
