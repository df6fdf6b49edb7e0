/**
 * What the NPI lookup shows and keeps (spec §2 lookup, §3 NPI verification result, §8):
 * a verify-npi answer turned into what the result card displays (legal name, taxonomy,
 * practice address, 'Validation Issue' list and the Type 1 / Type 2 hint), and the runs of
 * the two calls the page makes (verify-npi, and verify-pecos with skip_db_update true) as
 * outcomes in the catalogue's words. Pure, so the rules are tested without a browser.
 */
import {
  npiFailure,
  npiValidationIssue,
  pecosLookupFailure,
  pecosLookupResult,
  verifyNpi,
  verifyPecos,
  type FunctionsInvoker,
  type NpiFailureMessage,
  type NpiVerificationResult,
  type ToastMessage,
} from '../../../lib/functions/index.ts';
import { isJsonObject, textOrNull } from '../../../lib/provider/json-field.ts';
import type { StoredNpiVerification } from '../model/add-provider-session.ts';
import { canContinueAfterLookup } from '../model/npi-input.ts';
import { registryTitleCase } from '../../../lib/organization/registry-text.ts';
import { writtenPersonName } from '../../../lib/provider/written-name.ts';
import type { PecosCheck } from '../../../lib/provider-create/npi-verification.ts';

export interface LookupResultView {
  npi: string;
  legalName: string | null;
  /** 'Individual (Type 1)' or 'Organization (Type 2)' when the registry said. */
  npiType: string | null;
  taxonomy: string | null;
  /** The practice address, one line per entry. */
  addressLines: string[];
  phone: string | null;
  fax: string | null;
  /** The 'Validation Issue' alert, or null when the registry found nothing wrong. */
  issue: (ToastMessage & { typeHint: string | null; items: string[] }) | null;
  /** Continue is offered (verified without validation issues). */
  canContinue: boolean;
}

const NPI_TYPES: Readonly<Record<string, string>> = { 'NPI-1': 'Individual (Type 1)', 'NPI-2': 'Organization (Type 2)' };

/** The result card's content, from a fresh answer or from the one kept in the session. */
export function lookupResultView(result: StoredNpiVerification | NpiVerificationResult): LookupResultView {
  const record = result as unknown as Record<string, unknown>;
  const address = isJsonObject(record.primary_address) ? record.primary_address : null;
  const code = textOrNull(record.primary_taxonomy_code);
  const description = textOrNull(record.primary_taxonomy_description);
  const errors = Array.isArray(record.validation_errors)
    ? record.validation_errors.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
    : [];
  const type = textOrNull(record.enumeration_type);
  const cityLine = address
    ? [textOrNull(address.city), [textOrNull(address.state), textOrNull(address.postal_code)].filter(Boolean).join(' ')]
        .filter((part) => part)
        .join(', ')
    : '';
  return {
    npi: result.npi,
    // An organization's name keeps its business suffix's capitals ("… Group PLLC"); a person's is a name.
    legalName: textOrNull(type === 'NPI-2' ? registryTitleCase(textOrNull(record.legal_name)) : writtenPersonName(textOrNull(record.legal_name))),
    npiType: type ? (NPI_TYPES[type] ?? type) : null,
    taxonomy: code && description ? `${description} (${code})` : (description ?? code),
    addressLines: address ? [textOrNull(address.address_line_1), textOrNull(address.address_line_2), cityLine].filter((line): line is string => !!line) : [],
    phone: address ? textOrNull(address.telephone_number) : null,
    fax: address ? textOrNull(address.fax_number) : null,
    issue: errors.length > 0 ? { ...npiValidationIssue(errors), items: errors } : null,
    canContinue: canContinueAfterLookup({ error: textOrNull(record.error), validation_errors: errors }),
  };
}

export type NpiLookupOutcome = { kind: 'verified'; result: NpiVerificationResult } | { kind: 'failed'; failure: NpiFailureMessage };

/** One Verify NPI press: the registry's answer, or the §8 failure message (type hint, checklist or generic). */
export async function runNpiLookup(invoker: FunctionsInvoker, npi: string): Promise<NpiLookupOutcome> {
  const answer = await verifyNpi(invoker, { npi, type: 'individual' });
  if (answer.ok) return { kind: 'verified', result: answer.data };
  console.error('[add-provider] verify-npi failed', answer);
  return { kind: 'failed', failure: npiFailure({ message: answer.message, status: answer.status }) };
}

export type PecosLookupOutcome = { enrolled: boolean | null; message: ToastMessage; check: PecosCheck | null };

/** The lookup page's PECOS check: its own result and failure texts (spec §8); the new provider is created with it. */
export async function runPecosLookup(invoker: FunctionsInvoker, npi: string): Promise<PecosLookupOutcome> {
  const answer = await verifyPecos(invoker, { npi, skipDbUpdate: true });
  if (answer.ok) {
    const { verified, checked_at, evidence } = answer.data;
    return { enrolled: verified, message: pecosLookupResult(answer.data), check: { verified, checked_at, evidence } };
  }
  console.error('[add-provider] verify-pecos failed', answer);
  return { enrolled: null, message: pecosLookupFailure({ message: answer.message, status: answer.status }), check: null };
}
