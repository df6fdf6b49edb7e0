import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { startStack } from '../stack.ts';
import { SERVICE_ROLE_KEY } from '../config.ts';
const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
try {
  const svc = createClient(stack.url, SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } });
  let t = Date.now();
  for (let b = 0; b < 20; b++) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: randomUUID(), first_name: 'F' + i, last_name: 'L' + b, nppes_data: { a: [1, 2], b: 'x' }, is_active: true }));
    const { error } = await svc.from('providers').insert(rows);
    if (error) throw new Error(error.message);
  }
  console.log('insert 20k', Date.now() - t, 'ms');
  t = Date.now();
  let checkpoint: { m: string; id: string } | null = null; let total = 0;
  for (;;) {
    let q = svc.from('providers').select('*').order('_modified').order('id').limit(5000);
    if (checkpoint) q = q.or(`_modified.gt.${checkpoint.m},and(_modified.eq.${checkpoint.m},id.gt.${checkpoint.id})`);
    const { data, error } = await q;
    if (error) throw new Error(error.message);
    total += data.length;
    if (data.length < 5000) break;
    const last = data[data.length - 1] as { _modified: string; id: string };
    checkpoint = { m: last._modified, id: last.id };
  }
  console.log('pull', total, Date.now() - t, 'ms');
} finally { await stack.stop(); }
