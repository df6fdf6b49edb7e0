/**
 * Reads a provider's jsonb fields (nppes_data, pecos_verification_data), which spec §3 says
 * "may arrive as a JSON string and are then parsed": older writers stored the registry
 * answer as text, sometimes encoded twice. Anything that is not, in the end, a JSON object
 * reads as null, so callers handle one shape.
 */

export type JsonObject = Record<string, unknown>;

const MAX_DECODE_DEPTH = 3;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object a jsonb value holds, decoding JSON text (also double-encoded); null otherwise. */
export function parseJsonObject(value: unknown): JsonObject | null {
  let current = value;
  for (let depth = 0; depth < MAX_DECODE_DEPTH && typeof current === 'string'; depth++) {
    try {
      current = JSON.parse(current);
    } catch {
      return null;
    }
  }
  return isJsonObject(current) ? current : null;
}

/** A trimmed, non-empty string, or null for anything else (registry fields are loosely typed). */
export function textOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}
