import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeFrame, MllpDecoder, MllpFrameTooLargeError } from './framing.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(new TextEncoder().encode(part)) : part)));

describe('encodeFrame', () => {
  it('wraps the UTF-8 bytes in 0x0B … 0x1C 0x0D', () => {
    expect(Array.from(encodeFrame('MSH|é'))).toEqual([0x0b, 0x4d, 0x53, 0x48, 0x7c, 0xc3, 0xa9, 0x1c, 0x0d]);
  });
});

describe('MllpDecoder', () => {
  it('returns a whole frame, and two frames joined in one read', () => {
    const decoder = new MllpDecoder();
    expect(decoder.push(encodeFrame('A'))).toEqual(['A']);
    expect(decoder.push(bytes([...encodeFrame('B')], [...encodeFrame('C')]))).toEqual(['B', 'C']);
    expect(decoder.partial).toBe(false);
  });

  it('keeps a split frame until its end arrives, even between 0x1C and 0x0D', () => {
    const decoder = new MllpDecoder();
    expect(decoder.push(bytes([0x0b], 'MSH|1'))).toEqual([]);
    expect(decoder.partial).toBe(true);
    expect(decoder.push(bytes('\rPID|2', [0x1c]))).toEqual([]);
    expect(decoder.push(new Uint8Array(0))).toEqual([]);
    expect(decoder.push(bytes([0x0d, 0x0b], 'next'))).toEqual(['MSH|1\rPID|2']);
    expect(decoder.push(bytes([0x1c, 0x0d]))).toEqual(['next']);
  });

  it('decodes a character whose UTF-8 bytes are split across reads', () => {
    const decoder = new MllpDecoder();
    const frame = encodeFrame('Müller');
    expect(decoder.push(frame.subarray(0, 3))).toEqual([]);
    expect(decoder.push(frame.subarray(3))).toEqual(['Müller']);
  });

  it('skips and counts bytes outside frames', () => {
    const decoder = new MllpDecoder();
    expect(decoder.push(bytes('\r\n', [...encodeFrame('A')], 'xy'))).toEqual(['A']);
    expect(decoder.discardedBytes).toBe(4);
  });

  it('abandons a frame whose end was lost when a new one starts', () => {
    const decoder = new MllpDecoder();
    expect(decoder.push(bytes([0x0b], 'lost', [...encodeFrame('kept')]))).toEqual(['kept']);
    expect(decoder.abandonedFrames).toBe(1);
  });

  it('keeps 0x1C as data when 0x0D does not follow, in the same read or the next', () => {
    const decoder = new MllpDecoder();
    expect(decoder.push(bytes([0x0b], 'a', [0x1c], 'b', [0x1c, 0x0d]))).toEqual(['a\u001cb']);
    expect(decoder.push(bytes([0x0b], 'c', [0x1c]))).toEqual([]);
    expect(decoder.push(bytes('d', [0x1c, 0x0d]))).toEqual(['c\u001cd']);
  });

  it('refuses a frame larger than its limit and starts over', () => {
    const decoder = new MllpDecoder(8);
    expect(() => decoder.push(bytes([0x0b], '123456789'))).toThrow(new MllpFrameTooLargeError(8));
    expect(() => decoder.push(bytes([0x0b], '123456789'))).toThrow('An MLLP frame exceeded 8 bytes');
    expect(decoder.partial).toBe(false);
    expect(decoder.push(encodeFrame('12345678'))).toEqual(['12345678']);
  });

  it('gives back every message however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 40 }).map((s) => s.split(String.fromCharCode(0x0b)).join('').split(String.fromCharCode(0x1c)).join('')), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (messages, cuts) => {
          const stream = Uint8Array.from(messages.flatMap((m) => Array.from(encodeFrame(m))));
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const decoder = new MllpDecoder();
          const out: string[] = [];
          let from = 0;
          for (const point of [...points, stream.length]) {
            out.push(...decoder.push(stream.subarray(from, point)));
            from = point;
          }
          expect(out).toEqual(messages);
        },
      ),
    );
  });
});
