// Reads PECOS enrollment and Medicare ordering eligibility from the CMS data API answers:
// the quarterly PPEF dataset (one or more rows: enrolled in PECOS) and the Order and
// Referring dataset (refreshed about twice a week; it lists only providers with a current
// enrollment record, so a row there is enrollment too, often before the next PPEF release;
// PARTB "Y": may order Part B services, which include lab tests). The verdict uses both and
// the evidence says which dataset said what, as of which release. Pure, so the rules are
// unit-tested; verify-pecos and reverify-providers do the fetching and the writing.

export type CmsRow = Record<string, unknown>;

export interface DatasetEvidence {
  dataset_id: string;
  /** The query as sent (the registry's public URL shape), for the audit trail. */
  url: string;
  /** Rows for this NPI, as CMS returned them. */
  rows: CmsRow[];
  /** The dataset's release the answer came from (its Last-Modified date), null when CMS did not say. */
  release?: string | null;
  /** What this dataset said about the NPI. */
  says?: DatasetSays;
}

/** 'listed': the NPI has rows; 'part_b' / 'no_part_b' for Order and Referring rows by their PARTB flag. */
export type DatasetSays = 'listed' | 'not_listed' | 'part_b' | 'no_part_b';

/** Which dataset the enrollment verdict rests on. */
export type EnrollmentBasis = 'both' | 'enrollment_file' | 'order_referring' | 'neither';

export interface PecosEvidence {
  npi: string;
  checked_at: string;
  /** The staff member whose request ran the check (the audit trail of the result). */
  checked_by: string;
  source: 'CMS data API';
  /** The verdict, repeated in the evidence so the stored record explains itself. */
  enrolled: boolean;
  can_order_part_b: boolean;
  basis: EnrollmentBasis;
  enrollment: DatasetEvidence;
  order_referring: DatasetEvidence;
}

export interface PecosOutcome {
  npi: string;
  verified: boolean;
  can_order_part_b: boolean;
  checked_at: string;
  evidence: PecosEvidence;
}

export function cmsDatasetUrl(baseUrl: string, datasetId: string, npi: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  // URLSearchParams encodes the brackets of filter[NPI], as the CMS API expects.
  const query = new URLSearchParams({ 'filter[NPI]': npi, size: '10' });
  return `${base}/dataset/${encodeURIComponent(datasetId)}/data?${query.toString()}`;
}

/**
 * The rows of one dataset answer that belong to the NPI, or null when the answer is not
 * the JSON array of rows the data API returns (the caller reports "Failed to process").
 * `undefined` stands for an empty 200 body, which the data API sends for no rows as it
 * sends `[]`: both are no match. Rows for other NPIs are dropped: a filter the API ignored
 * must never enroll anyone. The NPI may come as a string or a number.
 */
export function rowsForNpi(body: unknown, npi: string): CmsRow[] | null {
  if (body === undefined) return [];
  if (!Array.isArray(body)) return null;
  if (!body.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return null;
  return (body as CmsRow[]).filter((row) => String(row.NPI ?? '').trim() === npi);
}

function partB(row: CmsRow): boolean {
  return String(row.PARTB ?? '').trim().toUpperCase() === 'Y';
}

export function pecosOutcome(
  npi: string,
  checkedAt: string,
  checkedBy: string,
  enrollment: DatasetEvidence,
  orderReferring: DatasetEvidence,
): PecosOutcome {
  const inFile = enrollment.rows.length > 0;
  const inOrderReferring = orderReferring.rows.length > 0;
  const canOrderPartB = orderReferring.rows.some(partB);
  const basis: EnrollmentBasis = inFile && inOrderReferring ? 'both' : inFile ? 'enrollment_file' : inOrderReferring ? 'order_referring' : 'neither';
  const verified = basis !== 'neither';
  return {
    npi,
    verified,
    can_order_part_b: canOrderPartB,
    checked_at: checkedAt,
    evidence: {
      npi,
      checked_at: checkedAt,
      checked_by: checkedBy,
      source: 'CMS data API',
      enrolled: verified,
      can_order_part_b: canOrderPartB,
      basis,
      enrollment: { ...enrollment, release: enrollment.release ?? null, says: inFile ? 'listed' : 'not_listed' },
      order_referring: {
        ...orderReferring,
        release: orderReferring.release ?? null,
        says: !inOrderReferring ? 'not_listed' : canOrderPartB ? 'part_b' : 'no_part_b',
      },
    },
  };
}
