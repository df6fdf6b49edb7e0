/**
 * The build fails when a JavaScript chunk is larger than Vite's warning limit (500 kB
 * minified), instead of printing a warning that every build repeats and nobody reads. The
 * large libraries are loaded only where they are used (PDF documents and barcodes when an
 * order is printed) and each has a chunk of its own (vite.config.ts `codeSplitting`); a
 * chunk that grows past the limit is a decision to make, not noise.
 */
import type { Plugin } from 'vite';

export const CHUNK_LIMIT_BYTES = 500 * 1000;

export interface ChunkSize {
  fileName: string;
  bytes: number;
}

/** The chunks over the limit, largest first. */
export function oversizedChunks(chunks: readonly ChunkSize[], limit = CHUNK_LIMIT_BYTES): ChunkSize[] {
  return chunks.filter((chunk) => chunk.bytes > limit).sort((a, b) => b.bytes - a.bytes);
}

export function describeOversized(chunks: readonly ChunkSize[], limit = CHUNK_LIMIT_BYTES): string {
  const list = chunks.map((chunk) => `  ${chunk.fileName}: ${Math.round(chunk.bytes / 1000)} kB`).join('\n');
  return `JavaScript chunks over ${Math.round(limit / 1000)} kB after minification:\n${list}\nSplit them (a dynamic import, or a group in vite.config.ts codeSplitting).`;
}

export function chunkSizeGuard(limit = CHUNK_LIMIT_BYTES): Plugin {
  return {
    name: 'chunk-size-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkSize[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push({ fileName: output.fileName, bytes: Buffer.byteLength(output.code, 'utf8') });
      }
      const over = oversizedChunks(chunks, limit);
      if (over.length > 0) this.error(describeOversized(over, limit));
    },
  };
}
