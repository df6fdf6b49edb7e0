// Results as the laboratory reports them in ORU^R01, typed: what parseOru returns and what
// buildOru (the LIS simulator, tests) takes. Times are ISO 8601 instants in UTC.
import type { Endpoint } from './message.ts';
import type { Sex } from './order-types.ts';

/** HL7 table 0078 abnormal flags (v2.5.1, plus LU/HU/POS/NEG of later versions). */
export const ABNORMAL_FLAGS = {
  L: 'Below low normal',
  H: 'Above high normal',
  LL: 'Below lower panic limits',
  HH: 'Above upper panic limits',
  '<': 'Below absolute low-off instrument scale',
  '>': 'Above absolute high-off instrument scale',
  N: 'Normal',
  A: 'Abnormal',
  AA: 'Very abnormal',
  U: 'Significant change up',
  D: 'Significant change down',
  B: 'Better',
  W: 'Worse',
  S: 'Susceptible',
  R: 'Resistant',
  I: 'Intermediate',
  MS: 'Moderately susceptible',
  VS: 'Very susceptible',
  LU: 'Very low (critical)',
  HU: 'Very high (critical)',
  POS: 'Positive',
  NEG: 'Negative',
} as const;
export type AbnormalFlag = keyof typeof ABNORMAL_FLAGS;

/** Flags a laboratory uses for a critical ("panic") value. */
export const CRITICAL_FLAGS: readonly AbnormalFlag[] = ['HH', 'LL', 'AA', 'HU', 'LU'];

export function isCriticalFlag(flag: string): boolean {
  return (CRITICAL_FLAGS as readonly string[]).includes(flag);
}

/** HL7 table 0085 observation result status: P preliminary, F final, C corrected, … */
export const OBSERVATION_STATUSES = {
  C: 'Corrected',
  D: 'Deleted',
  F: 'Final',
  I: 'Pending (specimen in lab)',
  N: 'Not asked',
  O: 'Order detail (no result)',
  P: 'Preliminary',
  R: 'Entered, not verified',
  S: 'Partial',
  U: 'Changed to final without retransmission',
  W: 'Wrong (post original as wrong)',
  X: 'Cannot be obtained',
} as const;
export type ObservationStatus = keyof typeof OBSERVATION_STATUSES;

/** HL7 table 0123 order result status (OBR-25). */
export type ResultStatus = 'O' | 'I' | 'S' | 'A' | 'P' | 'C' | 'R' | 'F' | 'X' | 'Y' | 'Z';

export interface CodedValue {
  code: string;
  text: string;
  system: string;
}

export interface Attachment {
  /** e.g. application/pdf */
  mediaType: string;
  data: Uint8Array;
}

export interface Observation {
  setId: number;
  /** OBX-2: NM, ST, TX, FT, CWE, CE, SN, DT, TS, ED, … */
  valueType: string;
  /** OBX-3: the analyte, normally LOINC (system "LN"). */
  code: string;
  codeText: string;
  codeSystem: string;
  /** OBX-4 sub-ID, when the laboratory uses it to group observations. */
  subId: string | null;
  /** The value as text (coded: its text, SN: e.g. "<5", DT: YYYY-MM-DD); null for ED or none. */
  value: string | null;
  /** NM, and SN without a comparator: the number. */
  numericValue: number | null;
  /** CE/CWE values. */
  coded: CodedValue | null;
  /** ED values (a PDF report, an image), decoded from Base64. */
  attachment: Attachment | null;
  /** OBX-6, e.g. mg/dL (UCUM). */
  units: string | null;
  /** OBX-7 as written, e.g. "70-99", "<200", ">39". */
  referenceRange: string | null;
  /** OBX-8, every occurrence. */
  abnormalFlags: AbnormalFlag[];
  status: ObservationStatus;
  /** OBX-14, else the OBR's collection time. */
  observedAt: string | null;
  /** NTE after the OBX. */
  comments: string[];
}

export interface ResultPatient {
  id: string;
  identifiers: Array<{ value: string; type: string; authority: string }>;
  lastName: string;
  firstName: string;
  middleName: string | null;
  birthDate: string | null;
  sex: Sex | null;
}

export interface ResultOrder {
  /** OBR-2 (else ORC-2): the requisition number the order was sent with; null when unsolicited. */
  placerOrderNumber: string | null;
  /** OBR-3 (else ORC-3): the laboratory's accession number. */
  fillerOrderNumber: string | null;
  /** OBR-4: the order code (the same the ORM sent). */
  testCode: string;
  testName: string;
  testCodingSystem: string;
  /** ORC-1 (RE observations to follow, SC status changed, …) when an ORC was sent. */
  orderControl: string | null;
  /** ORC-5 order status (table 0038: IP in process, CM completed, …). */
  orderStatus: string | null;
  /** OBR-25 */
  resultStatus: ResultStatus | null;
  /** OBR-7 */
  collectedAt: string | null;
  /** OBR-22 */
  resultedAt: string | null;
  observations: Observation[];
  /** NTE right after the OBR. */
  comments: string[];
}

export interface ResultMessage {
  controlId: string;
  sentAt: string | null;
  sender: Endpoint;
  receiver: Endpoint;
  version: string;
  patient: ResultPatient;
  orders: ResultOrder[];
}
