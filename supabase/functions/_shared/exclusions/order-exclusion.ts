// A confirmed OIG exclusion bars every new order in the provider's name (issue 31): no
// federal program pays for what an excluded provider orders, whoever is billed. The device
// reads the facts from the provider's synced screening (exclusion_status, exclusion_data)
// to show them and refuse the choice; the orders trigger refuses the same order with the
// same words (20261128150000_orders_refuse_excluded_provider.sql).

export interface ExclusionScreening {
  exclusion_status?: string | null;
  /** { matches: [{ status, excl_type, excl_date, … }] }; it may arrive as a JSON string. */
  exclusion_data?: unknown;
}

export interface ConfirmedExclusion {
  /** The LEIE's exclusion type, e.g. "1128a1"; null when the list gives none. */
  type: string | null;
  /** The exclusion's date (YYYY-MM-DD); null when the list gives none. */
  date: string | null;
}

/** The server's refusal, word for word. */
export const EXCLUDED_ORDER_REFUSAL = 'The ordering provider is on the OIG exclusion list: no order can be placed in their name.';

/** The standing matches a screened row keeps (exclusion_data.matches); it may arrive as JSON text. */
export function matchesOf(data: unknown): Array<Record<string, unknown>> {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  const matches = value && typeof value === 'object' ? (value as { matches?: unknown }).matches : null;
  return Array.isArray(matches) ? matches.filter((match): match is Record<string, unknown> => !!match && typeof match === 'object') : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The provider's confirmed exclusion, or null when none stands. */
export function confirmedExclusion(provider: ExclusionScreening): ConfirmedExclusion | null {
  if (provider.exclusion_status !== 'excluded') return null;
  const match = matchesOf(provider.exclusion_data).find((item) => item.status === 'confirmed') ?? null;
  return { type: text(match?.excl_type), date: text(match?.excl_date)?.slice(0, 10) ?? null };
}

/** "Excluded (1128a1, 2020-03-19)" — what the provider's option says. */
export function exclusionLabel(exclusion: ConfirmedExclusion): string {
  return `Excluded (${exclusion.type ?? 'type not given'}, ${exclusion.date ?? 'date not given'})`;
}

/** The entry's problem: the refusal and the facts. */
export function exclusionOrderMessage(exclusion: ConfirmedExclusion): string {
  return `${EXCLUDED_ORDER_REFUSAL} ${exclusionLabel(exclusion)}.`;
}
