/**
 * The lookup page's optional 'Check PECOS Enrollment Status' (spec §2, §8): verify-pecos
 * with skip_db_update true (the provider does not exist yet: the server keeps the check for
 * the NPI), its result shown beside the NPI and as a toast, and kept with the session's
 * verified NPI so the new provider is created with it. It is an interactive check on a page that is
 * online anyway, so it is called directly rather than queued in the outbox. A result belongs
 * to one NPI: typing another one forgets it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { pecosLookupFailure } from '../../../lib/functions/index.ts';
import { showToast } from '../../../components/show-toast.ts';
import { runPecosLookup, type PecosLookupOutcome } from './lookup-result.ts';
import { addProviderSession } from '../shared/flow-session.ts';

export interface PecosLookup {
  checking: boolean;
  outcome: PecosLookupOutcome | null;
  check(): Promise<void>;
}

interface CheckState {
  npi: string;
  checking: boolean;
  outcome: PecosLookupOutcome | null;
}

export function usePecosLookup(npi: string | null): PecosLookup {
  const [state, setState] = useState<CheckState | null>(null);
  const latest = useRef(npi);
  useEffect(() => {
    latest.current = npi;
  }, [npi]);
  const mine = state && state.npi === npi ? state : null;

  const check = useCallback(async () => {
    if (!npi) return;
    setState({ npi, checking: true, outcome: null });
    let outcome: PecosLookupOutcome;
    try {
      const { supabase } = await import('../../../lib/supabase.ts');
      outcome = await runPecosLookup(supabase, npi);
    } catch (error) {
      console.error('[add-provider] the PECOS check could not run', error);
      outcome = { enrolled: null, message: pecosLookupFailure('Failed to send a request'), check: null };
    }
    if (latest.current !== npi) return;
    const verification = addProviderSession.verification();
    if (outcome.check && verification?.npi === npi) addProviderSession.setVerification({ ...verification, pecos_check: outcome.check });
    setState({ npi, checking: false, outcome });
    showToast(outcome.message);
  }, [npi]);

  return { checking: mine?.checking ?? false, outcome: mine?.outcome ?? null, check };
}
