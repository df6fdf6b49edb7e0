/**
 * The organization NPI lookup's state for React: the input (digits only; a wrong check digit
 * said at once), the Verify NPI call for the chosen type (Type 2, or Type 1 marked sole
 * proprietor) and its answer or failure, and what the session keeps: only an answer the
 * lookup accepts, so the create step never saves an NPI the registry flagged.
 */
import { useCallback, useRef, useState } from 'react';
import { NPI_OFFLINE, type NpiFailureMessage, type ToastMessage } from '../../../lib/functions/index.ts';
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import { NPI_CHECK_DIGIT_MISMATCH, NPI_REQUIRED, npiInputIssue, sanitizeNpiInput } from '../../../lib/provider/npi-input.ts';
import { showToast } from '../../../components/show-toast.ts';
import { lookUpOrganizationNpi } from '../data/look-up-npi.ts';
import { lookupFor } from '../model/add-organization-session.ts';
import { organizationLookupView, type OrganizationLookupView } from '../model/organization-lookup.ts';
import { addOrganizationSession } from '../shared/flow-session.ts';

export interface OrganizationLookup {
  npi: string;
  verifying: boolean;
  inputIssue: ToastMessage | null;
  result: OrganizationLookupView | null;
  failure: NpiFailureMessage | null;
  setNpi(raw: string): void;
  verify(online: boolean): Promise<void>;
}

export function useOrganizationLookup(type: OrganizationType): OrganizationLookup {
  const [initial] = useState(() => lookupFor(addOrganizationSession, type));
  const [npi, setNpiState] = useState(initial?.npi ?? '');
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [result, setResult] = useState<OrganizationLookupView | null>(initial ? organizationLookupView(initial, type) : null);
  const [failure, setFailure] = useState<NpiFailureMessage | null>(null);
  const current = useRef(npi);

  const setNpi = useCallback((raw: string) => {
    const next = sanitizeNpiInput(raw);
    setTouched(true);
    setNpiState(next);
    if (current.current === next) return;
    current.current = next;
    setAttempted(false);
    setResult(null);
    setFailure(null);
    addOrganizationSession.clearVerification();
  }, []);

  const verify = useCallback(
    async (online: boolean) => {
      setAttempted(true);
      const issue = npiInputIssue(npi);
      if (issue) return showToast(issue);
      if (!online) return showToast(NPI_OFFLINE);
      const asked = npi;
      setVerifying(true);
      setResult(null);
      setFailure(null);
      const answer = await lookUpOrganizationNpi(asked, type);
      if (current.current !== asked) return;
      setVerifying(false);
      if ('failure' in answer) {
        addOrganizationSession.clearVerification();
        setFailure(answer.failure);
        showToast(answer.failure);
        return;
      }
      const view = organizationLookupView(answer.result, type);
      if (view.canContinue) addOrganizationSession.setVerification(answer.result);
      else addOrganizationSession.clearVerification();
      setResult(view);
    },
    [npi, type],
  );

  return { npi, verifying, inputIssue: inputIssueOf(npi, touched, attempted), result, failure, setNpi, verify };
}

function inputIssueOf(npi: string, touched: boolean, attempted: boolean): ToastMessage | null {
  const issue = npiInputIssue(npi);
  if (!issue) return null;
  if (issue === NPI_REQUIRED) return touched || attempted ? issue : null;
  if (issue === NPI_CHECK_DIGIT_MISMATCH) return issue;
  return attempted ? issue : null;
}
