/**
 * The dashboard is a list of sections (issue 27) that src/app composes from the features
 * (features do not import each other): the directory's verification health and
 * organizations now; orders, results and alerts add their own cards to the list when they
 * come, each with the audience it is for. A section is a component with no props that reads
 * its own local data.
 */
import type { ComponentType } from 'react';

export type DashboardAudience = 'staff' | 'provider';

export interface DashboardSection {
  /** Unique, e.g. 'verification'. */
  id: string;
  audience: DashboardAudience;
  /**
   * How many of the grid's columns the section takes (one by default): 'wide' spans two of
   * a wide screen's three, so it shares its row with a 'lead' section before it; 'full'
   * always the whole row. On a two-column screen all three span the row, so no section
   * stands alone beside a hole.
   */
  span?: 'lead' | 'wide' | 'full';
  Component: ComponentType;
  /**
   * Painted first, before the section's code has arrived: the figures kept at the last visit
   * (kept-counts.ts), with the section's own markup; a skeleton when it has none.
   */
  Kept?: ComponentType;
}

/** The sections for a user: a provider's own login sees the provider sections, staff and admins the staff ones. */
export function sectionsFor(sections: readonly DashboardSection[], providerOnly: boolean): DashboardSection[] {
  const audience: DashboardAudience = providerOnly ? 'provider' : 'staff';
  return sections.filter((section) => section.audience === audience);
}
