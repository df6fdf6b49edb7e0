/** What the manage page gives its tabs (through the router's outlet context). */
import { useOutletContext } from 'react-router-dom';
import type { OrganizationDoc } from '../../../db/index.ts';

export interface OrganizationManageContext {
  organization: Readonly<OrganizationDoc>;
}

export function useManagedOrganization(): Readonly<OrganizationDoc> {
  return useOutletContext<OrganizationManageContext>().organization;
}
