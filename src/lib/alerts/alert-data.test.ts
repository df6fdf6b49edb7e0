import { describe, expect, it } from 'vitest';
import type { AlertDoc } from '../../db/index.ts';
import { sortAlerts } from './alert-data.ts';
import { alertKindLabel, alertTone, LOSS_OF_ENROLLMENT_KINDS } from './alert-texts.ts';

const alert = (id: string, raised: string, acknowledged: string | null): AlertDoc => ({
  id, provider_id: 'p', organization_id: null, kind: 'pecos_lost', summary: 's', details: {}, raised_at: raised,
  acknowledged_at: acknowledged, acknowledged_by: null, created_at: raised, updated_at: raised, server_modified: null, local_dirty: false,
});

describe('sortAlerts', () => {
  it('puts open alerts first, newest first within each group', () => {
    const sorted = sortAlerts([
      alert('a', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      alert('b', '2026-01-03T00:00:00Z', null),
      alert('c', '2026-01-05T00:00:00Z', '2026-01-06T00:00:00Z'),
      alert('d', '2026-01-04T00:00:00Z', null),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('alert texts', () => {
  it('names every kind the table accepts and colours losses red', () => {
    expect(alertKindLabel('part_b_lost')).toBe('Part B ordering lost');
    expect(alertKindLabel('something_new')).toBe('something_new');
    expect([alertTone('pecos_lost'), alertTone('pecos_gained'), alertTone('credential_changed')]).toEqual(['red', 'green', 'orange']);
    expect([...LOSS_OF_ENROLLMENT_KINDS].sort()).toEqual(['exclusion_confirmed', 'npi_deactivated', 'part_b_lost', 'pecos_lost']);
  });
});
