import { describe, expect, it } from 'vitest';
import { noStoreFetch } from './no-store-fetch.ts';

describe('noStoreFetch', () => {
  it('asks the browser to keep nothing, whatever the caller passed', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const fetchSpy: typeof fetch = (_input, init) => {
      seen.push(init);
      return Promise.resolve(new Response('[]'));
    };
    const wrapped = noStoreFetch(fetchSpy);
    await wrapped('https://example.test/rest/v1/patients', { method: 'GET', headers: { apikey: 'k' }, cache: 'default' });
    await wrapped('https://example.test/rest/v1/patients');
    expect(seen[0]).toEqual({ method: 'GET', headers: { apikey: 'k' }, cache: 'no-store' });
    expect(seen[1]).toEqual({ cache: 'no-store' });
  });
});
