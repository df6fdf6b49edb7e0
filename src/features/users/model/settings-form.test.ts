import { describe, expect, it } from 'vitest';
import { parseDomains, parseLockTimeout } from './settings-form.ts';

describe('the access settings form', () => {
  it('reads domains one per line or comma-separated, lower-cased, without duplicates or a leading @', () => {
    expect(parseDomains('Lab.example.org\n@clinic.test, lab.example.org ;  ')).toEqual({ ok: true, value: ['lab.example.org', 'clinic.test'] });
    expect(parseDomains('')).toEqual({ ok: true, value: [] });
    expect(parseDomains('lab.org, not a domain')).toEqual({ ok: false, message: '"not" is not a domain name (for example: laboratory.org).' });
    expect(parseDomains('localhost')).toMatchObject({ ok: false });
  });

  it('takes a lock timeout of 2 to 60 whole minutes', () => {
    expect(parseLockTimeout(' 15 ')).toEqual({ ok: true, value: 15 });
    for (const bad of ['1', '61', '2.5', 'ten', '']) {
      expect(parseLockTimeout(bad)).toEqual({ ok: false, message: 'Enter a whole number of minutes from 2 to 60.' });
    }
  });
});
