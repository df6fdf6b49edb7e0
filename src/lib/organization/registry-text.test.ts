import { describe, expect, it } from 'vitest';
import { registryTitleCase } from './registry-text.ts';

describe('registryTitleCase', () => {
  it('writes registry capitals as people do, keeping business suffixes and PO Box', () => {
    expect(registryTitleCase('ADIRONDACK PEDIATRIC ASSOCIATES PC')).toBe('Adirondack Pediatric Associates PC');
    expect(registryTitleCase('NORTHWAY PEDIATRICS & ADOLESCENT MEDICINE PLLC')).toBe('Northway Pediatrics & Adolescent Medicine PLLC');
    expect(registryTitleCase('PO BOX 8025')).toBe('PO Box 8025');
    expect(registryTitleCase("SEAN P O'BRIEN")).toBe("Sean P O'Brien");
    expect(registryTitleCase('SARATOGA SPRINGS')).toBe('Saratoga Springs');
    expect(registryTitleCase('WILKES-BARRE')).toBe('Wilkes-Barre');
    expect(registryTitleCase(null)).toBe('');
  });
});
