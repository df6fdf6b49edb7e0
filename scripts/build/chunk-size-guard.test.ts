import { describe, expect, it } from 'vitest';
import { CHUNK_LIMIT_BYTES, describeOversized, oversizedChunks } from './chunk-size-guard.ts';

describe('chunk size guard', () => {
  it('names every chunk over 500 kB, largest first, and none at the limit', () => {
    const over = oversizedChunks([
      { fileName: 'assets/index.js', bytes: 423_000 },
      { fileName: 'assets/print.js', bytes: 548_840 },
      { fileName: 'assets/limit.js', bytes: CHUNK_LIMIT_BYTES },
      { fileName: 'assets/huge.js', bytes: 900_000 },
    ]);
    expect(over.map((chunk) => chunk.fileName)).toEqual(['assets/huge.js', 'assets/print.js']);
    expect(describeOversized(over)).toBe(
      'JavaScript chunks over 500 kB after minification:\n  assets/huge.js: 900 kB\n  assets/print.js: 549 kB\nSplit them (a dynamic import, or a group in vite.config.ts codeSplitting).',
    );
  });
});
