/**
 * The one add-provider session of this tab (the chosen type and the verified NPI, kept in
 * sessionStorage: see model/add-provider-session.ts). The three pages share it, so a reload
 * or Back keeps the flow where the user left it.
 */
import { createAddProviderSession, type AddProviderSession } from '../model/add-provider-session.ts';

export const addProviderSession: AddProviderSession = createAddProviderSession();
