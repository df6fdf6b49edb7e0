// From a parsed ORU^R01 to the rows of `results` (migration 20261127150000): the rules the
// inbound function applies and the app shows — a result's status (corrected when any
// observation is corrected, final when all are final, else preliminary), abnormal and
// critical from the flags, and the order's status once results arrive (resulted when every
// ordered test has a final or corrected result, else in progress).
import { isCriticalFlag, type Observation, type ResultOrder } from '../hl7/result-types.ts';

export type ResultStatus = 'preliminary' | 'final' | 'corrected';

/** One observation as the `results.observations` JSON column holds it. */
export interface StoredObservation {
  set_id: number;
  code: string;
  system: string;
  text: string;
  value_type: string;
  value: string | null;
  numeric_value: number | null;
  units: string | null;
  reference_range: string | null;
  flags: string[];
  status: string;
  observed_at: string | null;
  comments: string[];
}

export interface ResultRowFields {
  test_code: string;
  test_name: string;
  filler_order_number: string | null;
  status: ResultStatus;
  observations: StoredObservation[];
  abnormal: boolean;
  critical: boolean;
  comments: string[];
  collected_at: string | null;
  resulted_at: string | null;
}

/** Flags that make an observation abnormal (anything but N, normal, and none). */
export function isAbnormalFlag(flag: string): boolean {
  return flag !== '' && flag !== 'N' && flag !== 'NEG';
}

export function storedObservation(obs: Observation): StoredObservation {
  return {
    set_id: obs.setId,
    code: obs.code,
    system: obs.codeSystem,
    text: obs.codeText,
    value_type: obs.valueType,
    value: obs.value,
    numeric_value: obs.numericValue,
    units: obs.units,
    reference_range: obs.referenceRange,
    flags: [...obs.abnormalFlags],
    status: obs.status,
    observed_at: obs.observedAt,
    comments: obs.comments,
  };
}

export function resultStatusOf(statuses: readonly string[]): ResultStatus {
  if (statuses.includes('C')) return 'corrected';
  if (statuses.length > 0 && statuses.every((s) => s === 'F' || s === 'U')) return 'final';
  return 'preliminary';
}

/** The row fields of one OBR and its OBX (the report attachment, type ED, is kept apart). */
export function resultRowFields(order: ResultOrder): ResultRowFields {
  const observations = order.observations.filter((o) => o.valueType !== 'ED').map(storedObservation);
  const flags = observations.flatMap((o) => o.flags);
  // An OBR marked final or corrected with only the report (no discrete value) still counts.
  const statuses = observations.length ? observations.map((o) => o.status) : order.observations.map((o) => o.status);
  return {
    test_code: order.testCode,
    test_name: order.testName,
    filler_order_number: order.fillerOrderNumber,
    status: resultStatusOf(statuses),
    observations,
    abnormal: flags.some(isAbnormalFlag),
    critical: flags.some(isCriticalFlag),
    comments: order.comments,
    collected_at: order.collectedAt,
    resulted_at: order.resultedAt,
  };
}

/** The report PDF of an OBR, when the laboratory sent one. */
export function reportOf(order: ResultOrder): Uint8Array | null {
  const ed = order.observations.find((o) => o.attachment && o.attachment.mediaType === 'application/pdf');
  return ed?.attachment?.data ?? null;
}

/**
 * The order's status once it has these results: `resulted` when every test sent (not
 * declined) has a final or corrected result, else `in_progress`.
 */
export function orderStatusAfter(
  orderedCodes: readonly string[],
  results: ReadonlyArray<{ test_code: string; status: ResultStatus }>,
): 'in_progress' | 'resulted' {
  const done = new Set(results.filter((r) => r.status !== 'preliminary').map((r) => r.test_code));
  return orderedCodes.length > 0 && orderedCodes.every((code) => done.has(code)) ? 'resulted' : 'in_progress';
}
