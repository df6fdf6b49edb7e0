// Reads PECOS enrollment and Medicare ordering eligibility from the CMS data API answers:
// the PPEF dataset (one or more rows: enrolled in PECOS) and the Order and Referring
// dataset (PARTB "Y": may order Part B services, which include lab tests). Pure, so the
// rules are unit-tested; verify-pecos does the fetching and the writing.

export type CmsRow = Record<string, unknown>;

export interface DatasetEvidence {
  dataset_id: string;
  /** The query as sent (the registry's public URL shape), for the audit trail. */
  url: string;
  /** Rows for this NPI, as CMS returned them. */
  rows: CmsRow[];
}

export interface PecosEvidence {
  npi: string;
  checked_at: string;
  /** The staff member whose request ran the check (the audit trail of the result). */
  checked_by: string;
  source: 'CMS data API';
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
 * Rows for other NPIs are dropped: a filter the API ignored must never enroll anyone.
 */
export function rowsForNpi(body: unknown, npi: string): CmsRow[] | null {
  if (!Array.isArray(body)) return null;
  if (!body.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return null;
  return (body as CmsRow[]).filter((row) => String(row.NPI ?? '').trim() === npi);
}

export function pecosOutcome(
  npi: string,
  checkedAt: string,
  checkedBy: string,
  enrollment: DatasetEvidence,
  orderReferring: DatasetEvidence,
): PecosOutcome {
  const verified = enrollment.rows.length > 0;
  const canOrderPartB = orderReferring.rows.some((row) => String(row.PARTB ?? '').trim().toUpperCase() === 'Y');
  return {
    npi,
    verified,
    can_order_part_b: canOrderPartB,
    checked_at: checkedAt,
    evidence: { npi, checked_at: checkedAt, checked_by: checkedBy, source: 'CMS data API', enrollment, order_referring: orderReferring },
  };
}
