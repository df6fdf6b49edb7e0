/**
 * The NPI lookup's state for React: the input (digits only, at most ten; a wrong check
 * digit is reported as soon as the tenth digit is typed, before any call), the Verify NPI
 * call and its result or failure, and what the session keeps: only an NPI verified without
 * validation issues is stored for the create step, so that step can never save an NPI the
 * registry flagged. Coming back to the page shows the kept result again.
 */
import { useCallback, useRef, useState } from 'react';
import type { NpiFailureMessage, ToastMessage } from '../../../lib/functions/index.ts';
import { NPI_OFFLINE, npiFailure } from '../../../lib/functions/index.ts';
import { hasVerifiedNpi, type StoredNpiVerification } from '../model/add-provider-session.ts';
import { NPI_CHECK_DIGIT_MISMATCH, NPI_REQUIRED, npiInputIssue, sanitizeNpiInput } from '../model/npi-input.ts';
import { addProviderSession } from '../shared/flow-session.ts';
import { showToast } from '../../../components/show-toast.ts';
import { lookupResultView, runNpiLookup, type LookupResultView, type NpiLookupOutcome } from './lookup-result.ts';

export type LookupPhase = 'idle' | 'verifying' | 'verified' | 'failed';

export interface NpiLookup {
  npi: string;
  phase: LookupPhase;
  /** The input's own problem (empty after typing, wrong check digit, not ten digits on Verify). */
  inputIssue: ToastMessage | null;
  result: LookupResultView | null;
  failure: NpiFailureMessage | null;
  setNpi(raw: string): void;
  verify(online: boolean): Promise<void>;
}

function restored(): StoredNpiVerification | null {
  const stored = addProviderSession.verification();
  return hasVerifiedNpi(stored) ? stored : null;
}

export function useNpiLookup(): NpiLookup {
  const [initial] = useState(restored);
  const [npi, setNpiState] = useState(initial?.npi ?? '');
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [phase, setPhase] = useState<LookupPhase>(initial ? 'verified' : 'idle');
  const [result, setResult] = useState<LookupResultView | null>(initial ? lookupResultView(initial) : null);
  const [failure, setFailure] = useState<NpiFailureMessage | null>(null);
  // The NPI of the latest call: an answer for an NPI the user has since changed is dropped.
  const current = useRef(npi);

  const setNpi = useCallback((raw: string) => {
    const next = sanitizeNpiInput(raw);
    setTouched(true);
    setNpiState(next);
    if (current.current === next) return;
    current.current = next;
    setAttempted(false);
    setPhase('idle');
    setResult(null);
    setFailure(null);
    addProviderSession.clearVerification();
  }, []);

  const verify = useCallback(
    async (online: boolean) => {
      setAttempted(true);
      const issue = npiInputIssue(npi);
      if (issue) {
        showToast(issue);
        return;
      }
      if (!online) {
        showToast(NPI_OFFLINE);
        return;
      }
      const asked = npi;
      setPhase('verifying');
      setResult(null);
      setFailure(null);
      const outcome = await lookUp(asked);
      if (current.current !== asked) return;
      if (outcome.kind === 'failed') {
        addProviderSession.clearVerification();
        setFailure(outcome.failure);
        setPhase('failed');
        showToast(outcome.failure);
        return;
      }
      const view = lookupResultView(outcome.result);
      // The whole answer is kept: the create step prefills from it and this page shows it on return.
      if (view.canContinue) addProviderSession.setVerification(outcome.result);
      else addProviderSession.clearVerification();
      setResult(view);
      setPhase('verified');
    },
    [npi],
  );

  return { npi, phase, inputIssue: inputIssueOf(npi, touched, attempted), result, failure, setNpi, verify };
}

/** The call, with the client loaded on first use; a client that cannot load is a failed fetch (the checklist). */
async function lookUp(npi: string): Promise<NpiLookupOutcome> {
  try {
    const { supabase } = await import('../../../lib/supabase.ts');
    return await runNpiLookup(supabase, npi);
  } catch (error) {
    console.error('[add-provider] the NPI lookup could not run', error);
    return { kind: 'failed', failure: npiFailure('Failed to fetch') };
  }
}

/** What the input says under itself: emptied after typing, a wrong check digit at once, a short NPI after Verify. */
function inputIssueOf(npi: string, touched: boolean, attempted: boolean): ToastMessage | null {
  const issue = npiInputIssue(npi);
  if (!issue) return null;
  if (issue === NPI_REQUIRED) return touched || attempted ? issue : null;
  if (issue === NPI_CHECK_DIGIT_MISMATCH) return issue;
  return attempted ? issue : null;
}
