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
    expect(uploadOutcome({ ok: true })).toEqual({ ok: true, result: null });
    expect(uploadOutcome({ ok: false, kind: 'transient', status: null, code: null, message: 'Failed to fetch' })).toEqual({ ok: false, transient: true, message: 'Failed to fetch' });
    expect(uploadOutcome({ ok: false, kind: 'transient', status: 500, code: 'internal_error', message: 'boom' })).toMatchObject({ transient: true });
    expect(uploadOutcome({ ok: false, kind: 'permanent', status: 401, code: 'not_authenticated', message: 'Authentication required' })).toMatchObject({ transient: true });
    const refused = 'This order was sent to the laboratory: its attached file is kept as it is. Attach the new one under another name.';
    expect(uploadOutcome({ ok: false, kind: 'permanent', status: 409, code: 'already_attached', message: refused })).toEqual({ ok: false, transient: false, message: refused });
  });
});
