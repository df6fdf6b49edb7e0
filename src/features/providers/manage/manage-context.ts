/** What the manage page gives its tabs (spec §2: "Tab content receives the provider"). */
import { useOutletContext } from 'react-router-dom';
import type { ProviderDoc } from '../../../db/index.ts';

export interface ManageContext {
  provider: Readonly<ProviderDoc>;
}

export function useManagedProvider(): Readonly<ProviderDoc> {
  return useOutletContext<ManageContext>().provider;
}
