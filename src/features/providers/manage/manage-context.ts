/** What the manage page gives its tabs (spec §2: "Tab content receives the provider"). */
import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { ProviderDoc } from '../../../db/index.ts';

export interface ManageContext {
  provider: Readonly<ProviderDoc>;
}

/**
 * A part of the page another feature builds (issue 7: organizations, preferences, delegates,
 * the linked login): src/app passes it in, since features do not import each other.
 */
export type ProviderSlot = ComponentType<{ provider: Readonly<ProviderDoc> }>;

export function useManagedProvider(): Readonly<ProviderDoc> {
  return useOutletContext<ManageContext>().provider;
}
