/** The organization lists' URL filters (url-filters.ts), shared by the list page and the dashboard's links. */
import { choiceFilter } from '../../../lib/list/url-filters.ts';
import { ORGANIZATION_SCOPES } from './organization-texts.ts';

export const STATUS_VALUES = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_VALUES)[number];

/**
 * ?status=active|inactive (all by default); ?type= picks the type on /organizations itself;
 * ?providers=none keeps the organizations without an active provider and ?pickup=today those
 * with a pickup asked for today (the dashboard's figures link here with them).
 */
export const ORGANIZATION_LIST_FILTERS = {
  status: choiceFilter('status', STATUS_VALUES, 'all'),
  type: choiceFilter('type', ORGANIZATION_SCOPES, 'all'),
  providers: choiceFilter('providers', ['any', 'none'] as const, 'any'),
  pickup: choiceFilter('pickup', ['any', 'today'] as const, 'any'),
};

export const WITHOUT_PROVIDER_LABEL = 'No active provider';
export const PICKUP_TODAY_LABEL = 'Pickup requested for today';

