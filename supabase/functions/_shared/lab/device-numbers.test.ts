import { describe, expect, it } from 'vitest';
import { crockfordBase32, isRequisitionNumber, labPatientId, requisitionNumber } from './device-numbers.ts';

describe('numbers made on a device', () => {
  it('write the device number in Crockford base 32 and the counter with at least four digits', () => {
    expect(requisitionNumber(1, 1)).toBe('R-1-0001');
    expect(requisitionNumber(31, 12)).toBe('R-Z-0012');
    expect(requisitionNumber(32, 123456)).toBe('R-10-123456');
    expect(labPatientId(1234, 7)).toBe('P-16J-0007');
    expect(crockfordBase32(0)).toBe('0');
  });

  it('never give two (device, counter) pairs the same number', () => {
    const seen = new Set<string>();
    for (let device = 1; device <= 300; device += 1) {
      for (let counter = 1; counter <= 40; counter += 1) seen.add(requisitionNumber(device, counter));
    }
    expect(seen.size).toBe(300 * 40);
  });

  it('accept only what the server accepts', () => {
    expect(isRequisitionNumber(requisitionNumber(987654, 42))).toBe(true);
    expect(isRequisitionNumber('R-1I-0001')).toBe(false);
    expect(isRequisitionNumber('R-1-001')).toBe(false);
    expect(isRequisitionNumber('P-1-0001')).toBe(false);
    expect(() => requisitionNumber(-1, 1)).toThrow(RangeError);
    expect(() => requisitionNumber(1, 0)).toThrow(RangeError);
  });
});

describe('numbers made on a device, at their edges', () => {
  it('refuse a device or counter that is not a whole number, naming it', () => {
    expect(() => crockfordBase32(-1)).toThrow('Not a device number: -1');
    expect(() => crockfordBase32(1.5)).toThrow('Not a device number: 1.5');
    expect(() => requisitionNumber(2, 1.5)).toThrow('Not a device counter: 1.5');
    expect(() => labPatientId(1, -3)).toThrow('Not a device counter: -3');
    expect(labPatientId(0, 1)).toBe('P-0-0001');
  });

  it('skip I, L, O and U in the device part', () => {
    expect(crockfordBase32(18)).toBe('J');
    expect(crockfordBase32(20)).toBe('M');
    expect(crockfordBase32(27)).toBe('V');
    expect(crockfordBase32(32 * 32)).toBe('100');
  });

  it('accept only a whole requisition number, anchored at both ends', () => {
    expect(isRequisitionNumber('R-V-0001')).toBe(true);
    expect(isRequisitionNumber('R-U-0001')).toBe(false);
    expect(isRequisitionNumber('R--0001')).toBe(false);
    expect(isRequisitionNumber('xR-1-0001')).toBe(false);
    expect(isRequisitionNumber('R-1-0001x')).toBe(false);
    expect(isRequisitionNumber('R-1-12345')).toBe(true);
  });
});
