/**
 * Whether a form's value is still its empty value (nothing worth keeping as a draft): deep
 * equality with the empty value, where a field the form left undefined counts as untouched
 * and text counts by its trimmed content.
 */
export function isUntouched(value: unknown, empty: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string' && typeof empty === 'string') return value.trim() === empty.trim();
  if (Array.isArray(value)) return Array.isArray(empty) && value.length === empty.length && value.every((item, index) => isUntouched(item, empty[index]));
  if (typeof value === 'object' && value !== null) {
    if (typeof empty !== 'object' || empty === null || Array.isArray(empty)) return false;
    const record = value as Record<string, unknown>;
    const base = empty as Record<string, unknown>;
    return Object.keys({ ...record, ...base }).every((key) => isUntouched(record[key], base[key]));
  }
  return value === empty;
}
