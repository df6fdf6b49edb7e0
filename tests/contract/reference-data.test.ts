/**
 * The reference data end to end on the stack: an admin imports a compendium, an ICD-10-CM
 * order file and NCDs through reference-import (dry run, then apply), each import publishes
 * the next version of its data set, and every user with a role reads the manifest and the
 * assets through reference-data (with ETags). Refused from every other side: no role, the
 * keys, staff importing, direct writes, a stale preview.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { compendiumRecord, COMPENDIUM_COLUMNS } from '../../supabase/functions/_shared/lab/compendium-row.ts';
import { orderFileLine } from '../../supabase/functions/_shared/lab/icd10cm.ts';
import type { CompendiumTest, ReferenceAsset, ReferenceManifest } from '../../supabase/functions/_shared/lab/reference-types.ts';
import { serviceClient, signedInUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { callFunction, callRpc, rowsWhere } from './role-callers.ts';

let admin: TestUser;
let staff: TestUser;
let provider: TestUser;
let noRole: TestUser;
const token: Record<string, string> = {};

async function tokenOf(user: TestUser): Promise<string> {
  const { data } = await user.client.auth.getSession();
  return data.session!.access_token;
}

beforeAll(async () => {
  [admin, staff, provider, noRole] = await Promise.all([
    userWithRole('admin', 'ref-admin'),
    signedInUser('ref-staff'),
    userWithRole('provider', 'ref-provider'),
    signedInUser('ref-norole'),
  ]);
  const granted = await serviceClient().from('user_roles').insert({ id: randomUUID(), user_id: staff.id, role: 'staff' });
  if (granted.error) throw granted.error;
  for (const [name, user] of Object.entries({ admin, staff, provider, noRole })) token[name] = await tokenOf(user);
});

async function getReference(bearer: string, query = '', headers: Record<string, string> = {}) {
  const response = await fetch(`${SUPABASE_URL}/functions/v1/reference-data${query}`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${bearer}`, ...headers },
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), body: text === '' ? null : (JSON.parse(text) as unknown) };
}

function test(code: string, overrides: Partial<CompendiumTest> = {}): CompendiumTest {
  return {
    code,
    name: `Contract test ${code}`,
    loinc: '2345-7',
    specimen_type: 'Serum',
    container: 'Gold-top SST',
    volume: '1 mL',
    transport_temperature: 'refrigerated',
    stability: '7 days',
    cpt_codes: ['82947'],
    turnaround: '1 day',
    is_panel: false,
    panel_members: [],
    active: true,
    questions: [{ code: 'FASTING', text: 'Fasting?', type: 'yes-no', required: true, choices: [] }],
    critical_range: { low: 40, high: 450, unit: 'mg/dL' },
    ...overrides,
  };
}

const compendiumBody = (rows: Array<Record<string, string>>, extra: Record<string, unknown> = {}) => ({
  data_set: 'compendium',
  release: 'Contract compendium',
  file_name: 'compendium.csv',
  header: [...COMPENDIUM_COLUMNS],
  rows,
  ...extra,
});

describe('the manifest and the assets', () => {
  it('answer every user with a role, with three versioned data sets', async () => {
    for (const who of ['admin', 'staff', 'provider']) {
      const answer = await getReference(token[who]!);
      expect(answer.status).toBe(200);
      const manifest = answer.body as ReferenceManifest;
      expect(manifest.data_sets.map((entry) => entry.name)).toEqual(['compendium', 'icd10cm', 'ncd']);
      for (const entry of manifest.data_sets) expect(entry.etag).toBe(`"${entry.name}-v${entry.version}"`);
    }
  });

  it('refuse the keys and an unknown data set', async () => {
    // A user without a role is refused by the same row-level security (no rows: 403) once
    // private.is_staff() means an active staff or admin role (the access model's work).
    for (const key of [SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY]) {
      expect((await getReference(key)).status).toBe(401);
    }
    expect(await getReference(token.staff!, '?set=loinc')).toMatchObject({
      status: 400,
      body: { error: 'There is no reference data set "loinc" (compendium, icd10cm, ncd).', code: 'unknown_set' },
    });
    const post = await callFunction(token.staff!, 'reference-data', {});
    expect(post).toEqual({ status: 405, body: { error: 'Use GET.', code: 'method_not_allowed' } });
  });

  it('serve an asset with its ETag, and 304 when the device has it', async () => {
    const first = await getReference(token.provider!, '?set=ncd');
    expect(first.status).toBe(200);
    const asset = first.body as ReferenceAsset<'ncd'>;
    expect(asset.name).toBe('ncd');
    expect(first.etag).toBe(`"ncd-v${asset.version}"`);
    const again = await getReference(token.provider!, '?set=ncd', { 'If-None-Match': first.etag! });
    expect(again).toEqual({ status: 304, etag: first.etag, body: null });
  });
});

describe('importing a compendium', () => {
  const good = [compendiumRecord(test('CT-GLU')), compendiumRecord(test('CT-K', { name: 'Potassium', cpt_codes: ['84132'], questions: [], critical_range: null }))];
  const bad = { ...compendiumRecord(test('CT-BAD')), cpt_codes: '8213' };

  it('reports a dry run without changing anything', async () => {
    const before = (await rowsWhere('reference_data_sets', 'name', 'compendium', 'version'))[0]!.version as number;
    const answer = await callFunction(token.admin!, 'reference-import', compendiumBody([...good, bad], { dry_run: true }));
    expect(answer).toMatchObject({
      status: 200,
      body: { applied: false, version: before, report: { read: 3, counts: { added: 2, changed: 0, unchanged: 0, removed: 0, refused: 1 }, blocked: null } },
    });
    expect(await rowsWhere('compendium_tests', 'code', 'CT-GLU')).toEqual([]);
  });

  it('applies the good rows as the next version, records the import, and refuses the bad row', async () => {
    const before = (await rowsWhere('reference_data_sets', 'name', 'compendium', 'version'))[0]!.version as number;
    const answer = await callFunction(token.admin!, 'reference-import', compendiumBody([...good, bad], { expected_version: before }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ applied: true, version: before + 1 });
    const report = (answer.body as { report: { rows: unknown[] } }).report;
    expect(report.rows).toContainEqual({
      line: 4,
      key: 'CT-BAD',
      outcome: 'refused',
      reasons: ['cpt_codes: “8213” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).'],
      fields: [],
    });
    const stored = await rowsWhere('compendium_tests', 'code', 'CT-GLU', 'id, cpt_codes, critical_low, critical_high, critical_unit, questions, updated_by');
    expect(stored).toEqual([
      {
        id: expect.any(String),
        cpt_codes: ['82947'],
        critical_low: 40,
        critical_high: 450,
        critical_unit: 'mg/dL',
        questions: [{ code: 'FASTING', text: 'Fasting?', type: 'yes-no', required: true, choices: [] }],
        updated_by: admin.id,
      },
    ]);
    expect(await rowsWhere('compendium_tests', 'code', 'CT-BAD')).toEqual([]);
    const imports = await rowsWhere('reference_imports', 'data_set', 'compendium', 'version, release, file_name, counts, imported_by');
    expect(imports).toContainEqual({
      version: before + 1,
      release: 'Contract compendium',
      file_name: 'compendium.csv',
      counts: { added: 2, changed: 0, unchanged: 0, removed: 0, refused: 1 },
      imported_by: admin.id,
    });
    const audit = await rowsWhere('audit_log', 'row_id', stored[0]!.id as string, 'table_name, action, changed_by');
    expect(audit).toEqual([{ table_name: 'compendium_tests', action: 'insert', changed_by: admin.id }]);

    const asset = await getReference(token.staff!, '?set=compendium');
    const published = asset.body as ReferenceAsset<'compendium'>;
    expect(published).toMatchObject({ name: 'compendium', version: before + 1, release: 'Contract compendium' });
    expect(published.data.tests.find((item) => item.code === 'CT-GLU')).toEqual(test('CT-GLU'));
  });

  it('reports the same file again as unchanged, and publishes nothing', async () => {
    const before = (await rowsWhere('reference_data_sets', 'name', 'compendium', 'version'))[0]!.version as number;
    const answer = await callFunction(token.admin!, 'reference-import', compendiumBody(good));
    expect(answer).toMatchObject({ status: 200, body: { applied: false, version: before, report: { counts: { unchanged: 2, added: 0, changed: 0 } } } });
  });

  it('refuses an import checked against an older version, and changes nothing', async () => {
    const before = (await rowsWhere('reference_data_sets', 'name', 'compendium', 'version'))[0]!.version as number;
    const changed = [compendiumRecord(test('CT-GLU', { name: 'Glucose, changed' }))];
    const answer = await callFunction(token.admin!, 'reference-import', compendiumBody(changed, { expected_version: before - 1 }));
    expect(answer).toEqual({
      status: 409,
      body: { error: `The data changed since this file was checked (it is now version ${before}): check the file again.`, code: 'version_changed', version: before },
    });
    expect((await rowsWhere('compendium_tests', 'code', 'CT-GLU', 'name'))[0]).toEqual({ name: 'Contract test CT-GLU' });
  });

  it('changes nothing for a file without the columns', async () => {
    const answer = await callFunction(token.admin!, 'reference-import', { ...compendiumBody(good), header: ['code', 'name'] });
    expect(answer.status).toBe(422);
    expect((answer.body as { error: string }).error).toMatch(/^The file has no column “loinc”/);
  });

  it('asks for a release name and a known data set', async () => {
    expect(await callFunction(token.admin!, 'reference-import', compendiumBody(good, { release: ' ' }))).toEqual({
      status: 400,
      body: { error: 'Name the release (1 to 100 characters), e.g. “FY2026” or “2026 Q1”.', code: 'invalid_request' },
    });
    expect(await callFunction(token.admin!, 'reference-import', compendiumBody(good, { data_set: 'loinc' }))).toEqual({
      status: 400,
      body: { error: 'data_set must be compendium, icd10cm or ncd.', code: 'invalid_request' },
    });
    expect(await callFunction(token.admin!, 'reference-import', compendiumBody(good, { mode: 'release' }))).toEqual({
      status: 400,
      body: { error: 'mode must be update, or release for ICD-10-CM.', code: 'invalid_request' },
    });
  });
});

describe('importing ICD-10-CM and NCDs', () => {
  const codes = [
    { code: 'E11', billable: false, short: 'Type 2 diabetes mellitus', long: 'Type 2 diabetes mellitus', order: 1 },
    { code: 'E119', billable: true, short: 'Type 2 diabetes mellitus without complications', long: 'Type 2 diabetes mellitus without complications', order: 2 },
  ];

  it('adds an order file’s codes and publishes them in tabular order', async () => {
    const answer = await callFunction(token.admin!, 'reference-import', {
      data_set: 'icd10cm',
      release: 'Contract FY',
      mode: 'update',
      text: codes.map(orderFileLine).join('\n'),
    });
    expect(answer).toMatchObject({ status: 200, body: { applied: true, report: { counts: { refused: 0 } } } });
    const asset = (await getReference(token.admin!, '?set=icd10cm')).body as ReferenceAsset<'icd10cm'>;
    const published = asset.data.codes.filter(([code]) => code.startsWith('E11'));
    expect(published.slice(0, 2)).toEqual([
      ['E11', 0, 'Type 2 diabetes mellitus', 'Type 2 diabetes mellitus'],
      ['E119', 1, 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus without complications'],
    ]);
  });

  it('imports an NCD from its CSV mapping', async () => {
    const rows = [
      { ncd_id: '190.21', ncd_title: 'Glycated Hemoglobin/Glycated Protein', list: 'hcpcs', code: '83036' },
      { ncd_id: '190.21', list: 'covered', code: 'E11.9' },
      { ncd_id: '190.21', list: 'non_covered', code: 'Z00.00' },
      { ncd_id: '190.21', list: 'frequency', code: '83036', max_count: '1', months: '3', note: 'Every three months' },
    ];
    const header = ['ncd_id', 'ncd_title', 'list', 'code', 'max_count', 'months', 'note'];
    const answer = await callFunction(token.admin!, 'reference-import', { data_set: 'ncd', release: 'Contract Q1', header, rows });
    expect(answer).toMatchObject({ status: 200, body: { applied: true } });
    const asset = (await getReference(token.provider!, '?set=ncd')).body as ReferenceAsset<'ncd'>;
    expect(asset.data.policies.find((policy) => policy.id === '190.21')).toEqual({
      id: '190.21',
      title: 'Glycated Hemoglobin/Glycated Protein',
      codes: ['83036'],
      list_kind: 'covered',
      diagnoses: ['E119'],
      non_covered: ['Z0000'],
      frequency: [{ codes: ['83036'], max: 1, months: 3, note: 'Every three months' }],
    });
    const again = await callFunction(token.admin!, 'reference-import', { data_set: 'ncd', release: 'Contract Q1', header, rows });
    expect(again).toMatchObject({ status: 200, body: { applied: false, report: { counts: { unchanged: 1 } } } });
  });
});

describe('who may write', () => {
  const args = {
    p_data_set: 'compendium',
    p_release: 'Sneaky',
    p_expected_version: 0,
    p_file_name: '',
    p_mode: 'update',
    p_writes: [test('CT-SNEAKY')],
    p_removals: [],
    p_counts: {},
  };

  it('refuses an import by staff and by a provider in the function', async () => {
    for (const who of ['staff', 'provider', 'noRole']) {
      expect(await callFunction(token[who]!, 'reference-import', compendiumBody([compendiumRecord(test('CT-X'))]))).toEqual({
        status: 403,
        body: { error: 'Only admins can import reference data.', code: 'forbidden' },
      });
    }
  });

  it('refuses the apply RPC to everyone but an admin', async () => {
    for (const who of ['staff', 'provider', 'noRole']) {
      expect(await callRpc(token[who]!, 'apply_reference_import', args)).toMatchObject({
        status: 403,
        body: { code: '42501', message: 'Only admins can import reference data.' },
      });
    }
    expect((await callRpc(SUPABASE_ANON_KEY, 'apply_reference_import', args)).status).toBe(401);
    expect((await callRpc(SUPABASE_SERVICE_ROLE_KEY, 'apply_reference_import', args)).status).toBe(403);
    expect(await rowsWhere('compendium_tests', 'code', 'CT-SNEAKY')).toEqual([]);
  });

  it('refuses direct writes to every reference table, even an admin’s', async () => {
    for (const user of [admin, staff]) {
      const insert = await user.client.from('compendium_tests').insert({ code: 'CT-DIRECT', name: 'x', specimen_type: 'x', container: 'x', transport_temperature: 'ambient', cpt_codes: ['80000'] });
      expect(insert.error?.code).toBe('42501');
      const update = await user.client.from('reference_data_sets').update({ version: 99 }).eq('name', 'compendium');
      expect(update.error?.code).toBe('42501');
      const icd = await user.client.from('icd10cm_codes').insert({ code: 'Z999', billable: true, short_description: 'x', long_description: 'x', order_number: 1 });
      expect(icd.error?.code).toBe('42501');
    }
  });

  it('lets a provider read the tables through row-level security, and the anon key nothing', async () => {
    const { data, error } = await provider.client.from('compendium_tests').select('code').eq('code', 'CT-GLU');
    expect(error).toBeNull();
    expect(data).toEqual([{ code: 'CT-GLU' }]);
    const anon = await fetch(`${SUPABASE_URL}/rest/v1/compendium_tests?select=code`, { headers: { apikey: SUPABASE_ANON_KEY } });
    expect(anon.status).toBe(401);
  });
});
