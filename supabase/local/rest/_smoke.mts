import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStack } from '../stack.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../config.ts';
const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
try {
  const svc = createClient(stack.url, SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } });
  const anon = createClient(stack.url, ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } });
  const show = (label: string, r: unknown) => console.log(label, JSON.stringify(r));
  show('insert', await svc.from('organizations').insert({ legal_name: 'Acme, (Inc) "x"', type: 'healthcare' }).select().single());
  show('insert2', await svc.from('organizations').insert([{ legal_name: 'Beta', type: 'non_healthcare' }, { legal_name: 'Gamma', type: 'sole_proprietor', is_active: false }]));
  show('list', await svc.from('organizations').select('id,legal_name,created_at', { count: 'exact' }).order('legal_name').range(0, 1));
  show('in', await svc.from('organizations').select('legal_name').in('legal_name', ['Acme, (Inc) "x"', 'Beta']));
  show('or', await svc.from('organizations').select('legal_name').or('legal_name.eq."Acme, (Inc) \\"x\\"",is_active.is.false'));
  show('single0', await svc.from('organizations').select().eq('legal_name', 'nope').single());
  show('maybe', await svc.from('organizations').select().eq('legal_name', 'nope').maybeSingle());
  show('check', await svc.from('organizations').insert({ legal_name: ' ', type: 'healthcare' }));
  show('badcol', await svc.from('organizations').select('nope'));
  show('badtable', await svc.from('organizationz').select());
  show('rpc', await svc.rpc('npi_is_valid', { npi: '1234567893' }));
  show('rpc2', await svc.rpc('npi_is_valid', { npi: '1234567890' }));
  show('rpcget', await svc.rpc('npi_is_valid', { npi: '1234567893' }, { get: true }));
  show('anon insert', await anon.from('organizations').insert({ legal_name: 'Z', type: 'healthcare' }));
  show('update', await svc.from('organizations').update({ is_active: false }).eq('legal_name', 'Beta').select('legal_name,is_active,_modified'));
  show('delete', await svc.from('organizations').delete().eq('legal_name', 'Gamma'));
  show('head', await svc.from('organizations').select('*', { count: 'exact', head: true }));
  show('upsert', await svc.from('organizations').upsert({ legal_name: 'Delta', type: 'healthcare' }).select('legal_name'));
  show('ambig', await svc.from('provider_delegate_approvals').select('*,profiles(*)'));
} finally {
  await stack.stop();
}
