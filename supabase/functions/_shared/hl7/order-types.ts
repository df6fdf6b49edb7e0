// What the server knows about an order when it sends it to the laboratory: the typed input
// of buildOrm and buildCancel. The orders feature fills it from its tables; nothing here
// knows about the database. Dates are ISO (`YYYY-MM-DD`), instants ISO 8601 strings or Dates.
import type { Endpoint, ProcessingId } from './message.ts';

export type Sex = 'F' | 'M' | 'O' | 'U';

/** HL7 table 0203 identifier types this product sends. */
export type IdentifierType = 'MR' | 'MC' | 'MA' | 'PI' | 'PT' | 'SS' | 'DL' | 'AN';

export interface PatientIdentifier {
  value: string;
  /** MR medical record number, MC Medicare (MBI), MA Medicaid, PI patient internal id, … */
  type: IdentifierType;
  /** Who issued it (CX.4), e.g. "LABLINK" or "CMS". */
  authority?: string;
}

export interface Address {
  line1: string;
  line2?: string | null;
  city: string;
  /** Two-letter state code. */
  state: string;
  zip: string;
  country?: string;
}

export interface PersonName {
  lastName: string;
  firstName: string;
  middleName?: string | null;
}

export interface OrderPatient extends PersonName {
  /** PID-3, first occurrence: the patient's id in this product (its MRN at the client). */
  id: string;
  /** Further PID-3 occurrences: MBI (type MC), Medicaid number (MA), … */
  identifiers?: readonly PatientIdentifier[];
  birthDate: string;
  sex: Sex;
  address?: Address | null;
  phone?: string | null;
}

/** Who pays the laboratory: the client account, the patient, or the patient's insurance. */
export type BillTo = 'client' | 'patient' | 'insurance';

/** HL7 table 0063 relationships of the insured or guarantor to the patient. */
export type Relationship = 'SEL' | 'SPO' | 'CHD' | 'PAR' | 'GRD' | 'OTH';

export interface Coverage {
  /** IN1-3: the payer's id (e.g. the payer id of a clearing house, "MEDICARE"). */
  payerId: string;
  /** IN1-4 */
  payerName: string;
  payerAddress?: Address | null;
  /** IN1-15 plan type, e.g. "MC" Medicare, "MD" Medicaid, "CI" commercial. */
  planType: string;
  /** IN1-36 policy (member) number; for Medicare the MBI. */
  memberId: string;
  /** IN1-8 */
  groupNumber?: string | null;
  /** The insured (IN1-16/17/18); the patient when relationship is SEL. */
  insured: PersonName & { relationship: Relationship; birthDate?: string | null };
}

export interface Guarantor extends PersonName {
  relationship: Relationship;
  address?: Address | null;
  phone?: string | null;
}

export interface OrderingProvider extends PersonName {
  npi: string;
  /** The credential as written ("MD", "M.D.", "PA-C"): XCN-7 its table 0360 code, XCN-21 the text. */
  credential?: string | null;
}

/** The client account (ordering facility) the order comes from. */
export interface ClientAccount {
  accountNumber: string;
  name: string;
  address?: Address | null;
  phone?: string | null;
}

/** The answer to one order question (AOE), sent as an OBX under its test's OBR. */
export interface QuestionAnswer {
  /** The question's code in the laboratory's compendium (or a LOINC code). */
  code: string;
  /** The question's text. */
  question: string;
  /** "L" the laboratory's local code (default), "LN" LOINC. */
  codingSystem?: 'L' | 'LN';
  /**
   * ST text, NM number, DT date (YYYY-MM-DD), CE coded answer (table 0125 of v2.5.1 lists CE,
   * not CWE).
   */
  valueType: 'ST' | 'NM' | 'DT' | 'CE';
  /** For CE: the answer's code; its text goes in answerText. */
  value: string;
  answerText?: string | null;
  units?: string | null;
}

/** Advance Beneficiary Notice for one test: GA signed, GZ none obtained, GY never covered. */
export type AbnModifier = 'GA' | 'GZ' | 'GY';

export interface TestAbn {
  /** signed: the patient signed (option 1 or 2); refused: declined to sign; not_obtained. */
  status: 'signed' | 'refused' | 'not_obtained';
  /** The patient's choice on CMS-R-131. Option 3 (do not do the test) is never sent. */
  option?: 1 | 2 | 3 | null;
  modifier: AbnModifier;
}

export interface OrderTest {
  /** OBR-4.1: the laboratory's order code from the compendium. */
  code: string;
  /** OBR-4.2 */
  name: string;
  /** OBR-4.4: the test's LOINC code, sent as the alternate identifier when known. */
  loinc?: string | null;
  /** OBR-44: the CPT code billed (first one when several). */
  cpt?: string | null;
  questionAnswers?: readonly QuestionAnswer[];
  /** The test asks whether the patient is fasting: the order's fasting fact goes under its OBR. */
  asksFasting?: boolean;
  /** The specimen it is done on and its container (e.g. "serum", "Gold-top SST"), when known. */
  specimenType?: string | null;
  container?: string | null;
  abn?: TestAbn | null;
  /** Codes (from the order's diagnoses) that justify this test; default all of them. */
  diagnosisCodes?: readonly string[];
  /** NTE under the test's OBR. */
  comments?: readonly string[];
}

export interface Diagnosis {
  /** ICD-10-CM with or without its dot: "E11.9" or "E119". */
  code: string;
  description?: string | null;
}

export interface Collection {
  /** OBR-7: when the specimen was collected; null when the laboratory will collect it. */
  collectedAt?: Date | string | null;
  /** OBR-10: who collected it. */
  collectedBy?: string | null;
  /**
   * Sent once, as LOINC 49541-6 "Fasting status - Reported", under the first test that asks
   * for it (else the first test).
   */
  fasting?: boolean | null;
}

export interface OrderMessageInput {
  /** The requisition number: placer order number (ORC-2, OBR-2) and placer group (ORC-4). */
  requisitionNumber: string;
  /** Bumped each time a corrected order is sent again; part of the message control ID. */
  version: number;
  /** MSH-7 and ORC-9. */
  sentAt: Date | string;
  /** UTC offset written in times (minutes, e.g. -300 for EST); default 0. */
  utcOffsetMinutes?: number;
  sender: Endpoint;
  receiver: Endpoint;
  processingId?: ProcessingId;
  patient: OrderPatient;
  billTo: BillTo;
  /** IN1 per coverage, in priority order; required when billTo is insurance. */
  coverages?: readonly Coverage[];
  /** GT1 (sent for patient and insurance billing); defaults to the patient as self. */
  guarantor?: Guarantor | null;
  orderingProvider: OrderingProvider;
  client: ClientAccount;
  priority: 'routine' | 'stat';
  collection?: Collection;
  tests: readonly OrderTest[];
  /** DG1 per diagnosis under each OBR; at least one when billTo is insurance. */
  diagnoses?: readonly Diagnosis[];
  /** Order comments: NTE under the first OBR. */
  comments?: readonly string[];
}

export interface CancelMessageInput extends OrderMessageInput {
  /** ORC-16: why the order is cancelled. */
  reason: string;
  /** Codes of the tests to cancel; all of the order's tests when left out. */
  testCodes?: readonly string[];
}
