/**
 * The "Perhaps you meant …" suggestions of PostgREST's errors. PostgREST uses a fuzzy
 * set scored by Levenshtein distance (1 - distance / longer length); this is the same
 * score without the n-gram prefilter, which only matters for speed on huge schemas.
 */

export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - levenshtein(a, b) / longer;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The best candidate scoring at least `minScore` (and below `maxScore`), or null. */
export function closest(
  needle: string,
  candidates: Iterable<string>,
  minScore: number,
  maxScore = Number.POSITIVE_INFINITY,
): string | null {
  let best: string | null = null;
  let bestScore = -1;
  for (const candidate of candidates) {
    const score = similarity(needle.toLowerCase(), candidate.toLowerCase());
    if (score >= minScore && score < maxScore && score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
