/**
 * Whether a file matches an input's `accept` list, as the browser's picker filters it: by
 * extension (".csv"), exact type ("text/csv") or type family ("image/*"). A file dropped on
 * a drop zone bypasses the picker, so the zone checks it with this. An empty list takes all.
 */
export function acceptsFile(file: { name: string; type: string }, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}
