import { describe, expect, it } from 'vitest';
import { scanProblem, uploadOutcome } from './abn-scan.ts';

describe('the signed ABN’s scan', () => {
  it('is a photo or a PDF of at most 10 MB', () => {
    expect(scanProblem({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(scanProblem({ type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(scanProblem({ type: 'text/plain', size: 10 })).toBe('Attach a photo (JPEG, PNG, HEIC, WebP) or a PDF of the signed ABN.');
    expect(scanProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('The file is larger than 10 MB: take the photo at a lower resolution.');
    expect(scanProblem({ type: 'image/png', size: 0 })).toBe('The file is empty.');
  });

  it('waits after no answer, a server error or an expired session, and stops at a refusal', () => {
    expect(uploadOutcome(null)).toEqual({ ok: true, result: null });
    expect(uploadOutcome({ message: 'Failed to fetch' })).toEqual({ ok: false, transient: true, message: 'Failed to fetch' });
    expect(uploadOutcome({ message: 'boom', statusCode: '500' })).toMatchObject({ transient: true });
    expect(uploadOutcome({ message: 'jwt expired', statusCode: '401' })).toMatchObject({ transient: true });
    expect(uploadOutcome({ message: 'new row violates row-level security policy', statusCode: '403' })).toEqual({
      ok: false, transient: false, message: 'new row violates row-level security policy',
    });
  });
});
