/** The add-organization flow's session for this browser tab (model/add-organization-session.ts). */
import { createAddOrganizationSession } from '../model/add-organization-session.ts';

export const addOrganizationSession = createAddOrganizationSession();
