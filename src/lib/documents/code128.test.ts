import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCode128, moduleWidths } from '../../../tests/helpers/pdf-reading.ts';
import { code128Bars } from './code128.ts';

describe('Code 128 bars of a requisition number', () => {
  it('decode back to the number, with start, check character and stop', () => {
    const barcode = code128Bars('R-7K2Q-0042');
    expect(decodeCode128(moduleWidths(barcode.bars))).toBe('R-7K2Q-0042');
    // Start B is 2-1-1-2-1-4: a bar two modules wide, a one-module space, …
    expect(moduleWidths(barcode.bars).slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(barcode.bars[0]?.x).toBe(0);
    const last = barcode.bars[barcode.bars.length - 1]!;
    expect(barcode.modules).toBe(last.x + last.width);
  });

  it('hold any requisition number the devices make (and long digit runs packed as code set C)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^R-[0-9A-HJKMNP-TV-Z]{1,7}-[0-9]{4,9}$/), (number) => {
        expect(decodeCode128(moduleWidths(code128Bars(number).bars))).toBe(number);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses text a label cannot carry', () => {
    expect(() => code128Bars('R-É-0001')).toThrow('A Code 128 barcode here holds printable ASCII only.');
  });
});
