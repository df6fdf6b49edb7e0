/**
 * A moment in a list's cell ('Nov 25, 2026, 4:18 AM', the product's one style): when the
 * column is narrow it wraps between the date and the time only, never inside either.
 */
import { formatListDateTime } from '../../lib/format/date.ts';

export function DateTimeCell({ iso, whenMissing = '—' }: { iso: string | null | undefined; whenMissing?: string }) {
  const text = formatListDateTime(iso, whenMissing);
  const at = text.lastIndexOf(', ');
  if (at <= 0 || !iso) return <>{text}</>;
  return (
    <>
      <span className="ll-nobr">{text.slice(0, at + 1)}</span> <span className="ll-nobr">{text.slice(at + 2)}</span>
    </>
  );
}
