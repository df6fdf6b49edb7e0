import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { currentSessionId, sessionIdOf, STORED_SESSION_KEY } from './session-id.ts';

const USER = '0b6c7a3e-1111-4000-8000-000000000001';
const SESSION = '6f1c1f5e-2222-4000-8000-000000000002';
const token = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

function memory(entries: Record<string, string>) {
  const values = new Map(Object.entries(entries));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
}

describe('the session id', () => {
  it('is the access token’s session_id claim, and nothing from anything else', () => {
    expect(sessionIdOf(token({ sub: USER, session_id: SESSION, role: 'authenticated' }))).toBe(SESSION);
    expect(sessionIdOf(token({ sub: USER }))).toBeNull();
    expect(sessionIdOf('not a token')).toBeNull();
    expect(sessionIdOf(null)).toBeNull();
  });

  it('is read from the stored session when the store has none (an offline start), under the client’s own key', () => {
    // The client's module cannot load in Node (supabase-js wants a WebSocket): its source names the key.
    expect(readFileSync(new URL('../lib/supabase.ts', import.meta.url), 'utf8')).toContain(`AUTH_STORAGE_KEY = '${STORED_SESSION_KEY}'`);
    expect(currentSessionId(memory({ [STORED_SESSION_KEY]: JSON.stringify({ access_token: token({ session_id: SESSION }) }) }))).toBe(SESSION);
    expect(currentSessionId(memory({ [STORED_SESSION_KEY]: '{broken' }))).toBeNull();
    expect(currentSessionId(memory({}))).toBeNull();
  });
});
