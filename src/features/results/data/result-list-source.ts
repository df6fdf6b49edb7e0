/**
 * The results inbox's rows (issue 32) on the one list machinery for protected records
 * (src/lib/list/protected-list.ts): every result of the protected database joined with its
 * patient (the same database) and its ordering provider (the user's own database), read and
 * opened once after unlock, then kept current from the change streams. Whether a critical
 * value's alert is still open is not part of the row (alerts change on their own): the page
 * filters by it.
 */
import type { LocalDatabase, ResultDoc } from '../../../db/index.ts';
import { joinedListDeps, keepFields } from '../../../lib/list/joined-list-deps.ts';
import type { ListSnapshot } from '../../../lib/list/list-source.ts';
import { useProtectedList, type ProtectedListDefinition } from '../../../lib/list/protected-list.ts';
import { RESULT_INDEX, type ResultListRow } from '../model/result-inbox.ts';
import { providerListName } from '../../../lib/provider/provider-name.ts';

type Doc = Record<string, unknown> & { id: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A result's row from the result, its patient and its provider (null: not on this device). */
export function resultListRow(result: ResultDoc, found: Readonly<Record<'patient' | 'provider', Doc | null>>): ResultListRow {
  const { patient, provider } = found;
  return {
    id: result.id,
    testCode: result.test_code,
    testName: result.test_name || result.test_code,
    requisitionNumber: result.requisition_number,
    status: result.status,
    abnormal: result.abnormal,
    critical: result.critical,
    criticalOpen: false,
    receivedAt: result.received_at,
    reviewedAt: result.reviewed_at,
    seenAt: result.seen_at,
    providerId: result.provider_id,
    patientName: patient ? `${text(patient.last_name)}, ${text(patient.first_name)}` : 'Unknown patient',
    patientId: patient ? text(patient.lab_patient_id) : '',
    providerName: provider ? providerListName(provider) : 'Unknown provider',
  };
}

export const resultListDefinition: ProtectedListDefinition<ResultListRow> = {
  name: 'results',
  index: RESULT_INDEX as ProtectedListDefinition<ResultListRow>['index'],
  deps: (db, local) =>
    joinedListDeps<ResultDoc, ResultListRow, 'patient' | 'provider'>(
      db,
      {
        primary: 'results',
        lookups: {
          patient: { collection: 'patients', foreignKey: (result) => result.patient_id, slim: keepFields('first_name', 'last_name', 'lab_patient_id') },
          provider: { collection: 'providers', foreignKey: (result) => result.provider_id, slim: keepFields('first_name', 'last_name', 'credential'), referencedOnly: true },
        },
        join: resultListRow,
      },
      local ? { provider: local } : {},
    ),
};

/** The results inbox of the open protected database (loading while there is none). */
export function useResultList(db: LocalDatabase | null): ListSnapshot<ResultListRow> {
  return useProtectedList(resultListDefinition, db);
}
