import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_MS, FaultControl, parseFaultSettings } from './fault-control.ts';

describe('fault settings', () => {
  it('accepts faults, null, delayMs and times', () => {
    expect(parseFaultSettings({ nppes: 'slow', cms: null, delayMs: 50, times: 2 })).toEqual({
      ok: true,
      settings: { nppes: 'slow', cms: null, delayMs: 50, times: 2 },
    });
  });

  it('rejects what it does not understand, saying why', () => {
    expect(parseFaultSettings([])).toMatchObject({ ok: false });
    expect(parseFaultSettings({ nppes: 'boom' })).toEqual({ ok: false, message: 'nppes must be one of slow, error500, malformed, empty, reset or null' });
    expect(parseFaultSettings({ delayMs: 5 })).toEqual({ ok: false, message: 'Give nppes and/or cms' });
    expect(parseFaultSettings({ cms: 'empty', times: 0 })).toEqual({ ok: false, message: 'times must be a positive integer' });
    expect(parseFaultSettings({ cms: 'empty', extra: 1 })).toEqual({ ok: false, message: 'Unknown field(s): extra' });
  });
});

describe('FaultControl', () => {
  it('applies a runtime fault to its registry only, for N requests', () => {
    const faults = new FaultControl({});
    faults.set({ nppes: 'error500', times: 2 });
    expect(faults.next('cms', null, null)).toBeNull();
    expect(faults.next('nppes', null, null)).toEqual({ kind: 'error500', delayMs: DEFAULT_SLOW_MS, source: 'control' });
    expect(faults.state().armed).toEqual([{ registry: 'nppes', kind: 'error500', npi: null, delayMs: null, remaining: 1 }]);
    expect(faults.next('nppes', null, null)?.kind).toBe('error500');
    expect(faults.next('nppes', null, null)).toBeNull();
  });

  it('keeps a fault without times until cleared (by null or by clear)', () => {
    const faults = new FaultControl({});
    faults.set({ cms: 'malformed', nppes: 'empty' });
    for (let i = 0; i < 5; i += 1) expect(faults.next('cms', null, null)?.kind).toBe('malformed');
    faults.set({ cms: null });
    expect(faults.next('cms', null, null)).toBeNull();
    expect(faults.next('nppes', null, null)?.kind).toBe('empty');
    faults.clear();
    expect(faults.next('nppes', null, null)).toBeNull();
  });

  it('scopes a switch to one NPI when asked, leaving other requests alone', () => {
    const faults = new FaultControl({});
    faults.set({ nppes: 'reset', npi: '1234567893', times: 1 });
    faults.set({ nppes: 'empty', npi: '1047123405' });
    expect(faults.next('nppes', null, null, '1314159264')).toBeNull();
    expect(faults.next('nppes', null, null, null)).toBeNull();
    expect(faults.next('cms', null, null, '1234567893')).toBeNull();
    expect(faults.next('nppes', null, null, '1234567893')?.kind).toBe('reset');
    expect(faults.next('nppes', null, null, '1234567893')).toBeNull();
    faults.set({ nppes: 'error500' });
    expect(faults.next('nppes', null, null, '1047123405')?.kind).toBe('empty');
    expect(faults.next('nppes', null, null, '1314159264')?.kind).toBe('error500');
    faults.set({ nppes: null, npi: '1047123405' });
    expect(faults.state().armed.map((f) => f.npi)).toEqual([null]);
    expect(parseFaultSettings({ nppes: 'slow', npi: '123' })).toEqual({ ok: false, message: 'npi must be 10 digits' });
  });

  it('lets a per-request fault win without using up the runtime switch', () => {
    const faults = new FaultControl({});
    faults.set({ nppes: 'slow', delayMs: 40, times: 1 });
    expect(faults.next('nppes', 'reset', null)).toEqual({ kind: 'reset', delayMs: DEFAULT_SLOW_MS, source: 'request' });
    expect(faults.next('nppes', null, null)).toEqual({ kind: 'slow', delayMs: 40, source: 'control' });
  });

  it('falls back to the env faults of the whole run, which clear() keeps', () => {
    const faults = new FaultControl({ SIMULATOR_FAULT_CMS: 'slow', SIMULATOR_FAULT_DELAY_MS: '75' });
    faults.clear();
    expect(faults.next('cms', null, null)).toEqual({ kind: 'slow', delayMs: 75, source: 'env' });
    expect(faults.next('nppes', null, null)).toBeNull();
    expect(() => new FaultControl({ SIMULATOR_FAULT_NPPES: 'explode' })).toThrow('SIMULATOR_FAULT_NPPES=explode');
  });

  it('belongs to one instance: two controls never share state', () => {
    const a = new FaultControl({});
    const b = new FaultControl({});
    a.set({ nppes: 'error500' });
    expect(b.next('nppes', null, null)).toBeNull();
  });
});
