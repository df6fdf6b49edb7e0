/**
 * Data API contract, reads: embedding, filters, ordering, ranges, counts and the
 * singular media type, through the real supabase-js client. Rows carry a unique tag so
 * the checks hold on a shared (hosted) database too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { expectOk, expectRefused, organizationRow, providerRow, seedOne, seedRows } from './directory-helpers.ts';

const svc = serviceClient();
const tag = `rest-${randomUUID().slice(0, 8)}`;
const names = {
  acme: `Acme, (North) "Labs" ${tag}`,
  beta: `Beta Clinic ${tag}`,
  gamma: `gamma care ${tag}`,
};
let orgIds: Record<keyof typeof names, string>;
let providerId: string;
let lonelyProviderId: string;
let membershipId: string;
let approvalId: string;
let delegateEmail: string;
let creatorEmail: string;

beforeAll(async () => {
  const orgs = await seedRows('organizations', [
    organizationRow({ legal_name: names.acme, type: 'healthcare', is_active: true }),
    organizationRow({ legal_name: names.beta, type: 'non_healthcare', is_active: false }),
    organizationRow({ legal_name: names.gamma, type: 'sole_proprietor', is_active: true }),
  ]);
  orgIds = { acme: orgs[0]!.id as string, beta: orgs[1]!.id as string, gamma: orgs[2]!.id as string };
  providerId = await seedOne('providers', providerRow({ first_name: 'Embed', default_organization_id: orgIds.acme }));
  lonelyProviderId = await seedOne('providers', providerRow({ first_name: 'Lonely' }));
  membershipId = await seedOne('provider_organization_memberships', { provider_id: providerId, organization_id: orgIds.acme });
  await seedOne('provider_organization_memberships', { provider_id: providerId, organization_id: orgIds.gamma, is_active: false });
  await seedOne('provider_preferences', { provider_id: providerId, favorite_reports: ['a@x.test', 'b,"c"@x.test'] });
  const [delegate, creator] = await Promise.all([staffUser('delegate'), staffUser('creator')]);
  delegateEmail = delegate.email;
  creatorEmail = creator.email;
  approvalId = await seedOne('provider_delegate_approvals', {
    provider_id: providerId,
    delegate_id: delegate.id,
    created_by: creator.id,
    approval_type: 'both',
  });
});

describe('embedding', () => {
  it('embeds a many-to-one relation as an object', async () => {
    const answer = await svc
      .from('provider_organization_memberships')
      .select('id, organizations(legal_name, type)')
      .eq('id', membershipId)
      .single();
    expectOk(answer, 200);
    expect(answer.data).toEqual({ id: membershipId, organizations: { legal_name: names.acme, type: 'healthcare' } });
  });

  it('embeds a one-to-many relation as an array, ordered, nested and limited per parent', async () => {
    const answer = await svc
      .from('providers')
      .select('first_name, provider_organization_memberships(is_active, organizations(legal_name))')
      .in('id', [providerId, lonelyProviderId])
      .order('first_name')
      .order('is_active', { referencedTable: 'provider_organization_memberships', ascending: false });
    expectOk(answer, 200);
    expect(answer.data).toEqual([
      {
        first_name: 'Embed',
        provider_organization_memberships: [
          { is_active: true, organizations: { legal_name: names.acme } },
          { is_active: false, organizations: { legal_name: names.gamma } },
        ],
      },
      { first_name: 'Lonely', provider_organization_memberships: [] },
    ]);
    const limited = await svc
      .from('providers')
      .select('id, provider_organization_memberships(id)')
      .eq('id', providerId)
      .limit(1, { referencedTable: 'provider_organization_memberships' })
      .single();
    expect((limited.data as { provider_organization_memberships: unknown[] }).provider_organization_memberships).toHaveLength(1);
  });

  it('embeds a one-to-one relation (a unique foreign key) as an object, with text[] intact', async () => {
    const answer = await svc.from('providers').select('id, provider_preferences(favorite_reports)').eq('id', providerId).single();
    expect(answer.data).toEqual({ id: providerId, provider_preferences: { favorite_reports: ['a@x.test', 'b,"c"@x.test'] } });
  });

  it('needs a hint for ambiguous embeds (300 PGRST201) and accepts column or constraint hints', async () => {
    const ambiguous = await svc.from('provider_delegate_approvals').select('*, profiles(*)').eq('id', approvalId);
    expectRefused(ambiguous, 300, 'PGRST201');
    expect(ambiguous.error?.message).toBe(
      "Could not embed because more than one relationship was found for 'provider_delegate_approvals' and 'profiles'",
    );
    expect(ambiguous.error?.details).toHaveLength(2);
    const hinted = await svc
      .from('provider_delegate_approvals')
      .select('approval_type, delegate:profiles!delegate_id(email), creator:profiles!provider_delegate_approvals_created_by_fkey(email)')
      .eq('id', approvalId)
      .single();
    expectOk(hinted, 200);
    expect(hinted.data).toEqual({ approval_type: 'both', delegate: { email: delegateEmail }, creator: { email: creatorEmail } });
  });

  it('answers 400 PGRST200 for a relation that does not exist', async () => {
    const answer = await svc.from('organizations').select('id, patients(*)').limit(1);
    expectRefused(answer, 400, 'PGRST200');
    expect(answer.error?.message).toBe("Could not find a relationship between 'organizations' and 'patients' in the schema cache");
  });

  it('filters the embed with rel.col, and the parents too with !inner', async () => {
    const ids = [orgIds.acme, orgIds.gamma];
    const left = await svc
      .from('organizations')
      .select('legal_name, provider_organization_memberships(is_active)')
      .in('id', ids)
      .eq('provider_organization_memberships.is_active', true)
      .order('legal_name');
    expect(left.data).toEqual([
      { legal_name: names.acme, provider_organization_memberships: [{ is_active: true }] },
      { legal_name: names.gamma, provider_organization_memberships: [] },
    ]);
    const inner = await svc
      .from('organizations')
      .select('legal_name, m:provider_organization_memberships!inner(is_active)')
      .in('id', ids)
      .eq('m.is_active', true);
    expect(inner.data).toEqual([{ legal_name: names.acme, m: [{ is_active: true }] }]);
    const withProviders = await svc.from('organizations').select('legal_name, providers(id)').in('id', ids).not('providers', 'is', null);
    expect(withProviders.data).toEqual([{ legal_name: names.acme, providers: [{ id: providerId }] }]);
  });
});

describe('filters', () => {
  const mine = () => svc.from('organizations').select('legal_name').like('legal_name', `%${tag}`).order('legal_name');
  const namesOf = (data: unknown) => (data as Array<{ legal_name: string }>).map((row) => row.legal_name);

  it('eq, neq, gt, gte, lt, lte (text order), like and ilike with * wildcards', async () => {
    expect(namesOf((await mine().eq('legal_name', names.beta)).data)).toEqual([names.beta]);
    expect(namesOf((await mine().neq('legal_name', names.beta)).data)).toEqual([names.acme, names.gamma]);
    expect(namesOf((await mine().gt('legal_name', names.acme)).data)).toEqual([names.beta, names.gamma]);
    expect(namesOf((await mine().gte('legal_name', names.beta)).data)).toEqual([names.beta, names.gamma]);
    expect(namesOf((await mine().lt('legal_name', names.beta)).data)).toEqual([names.acme]);
    expect(namesOf((await mine().lte('legal_name', names.beta)).data)).toEqual([names.acme, names.beta]);
    expect(namesOf((await mine().filter('legal_name', 'like', 'Beta*')).data)).toEqual([names.beta]);
    expect(namesOf((await mine().ilike('legal_name', 'GAMMA%')).data)).toEqual([names.gamma]);
  });

  it('is null/true/false, in with commas, parentheses and quotes, not, and repeated columns', async () => {
    expect(namesOf((await mine().is('is_active', false)).data)).toEqual([names.beta]);
    expect(namesOf((await mine().is('is_active', true)).data)).toEqual([names.acme, names.gamma]);
    expect(namesOf((await mine().is('updated_at', null)).data)).toEqual([]);
    // postgrest-js quotes values holding `,()` (it does not escape quotes: a value with
    // both needs the escaped form, written by hand below).
    expect(namesOf((await mine().in('legal_name', [names.beta, names.gamma, 'x,(y)'])).data)).toEqual([names.beta, names.gamma]);
    const escaped = `"${names.acme.replace(/"/g, '\\"')}"`;
    expect(namesOf((await mine().filter('legal_name', 'in', `(${escaped},"${names.beta}")`)).data)).toEqual([names.acme, names.beta]);
    expect(namesOf((await mine().not('legal_name', 'in', `("${names.beta}")`)).data)).toEqual([names.acme, names.gamma]);
    expect(namesOf((await mine().not('is_active', 'is', true)).data)).toEqual([names.beta]);
    expect(namesOf((await mine().gte('legal_name', names.acme).lt('legal_name', names.gamma)).data)).toEqual([names.acme, names.beta]);
    expect(namesOf((await mine().in('legal_name', [])).data)).toEqual([]);
  });

  it('or and and, nested, with quoted values holding commas, parentheses and escaped quotes', async () => {
    const acme = `"${names.acme.replace(/"/g, '\\"')}"`;
    const either = await mine().or(`legal_name.eq.${acme},and(is_active.is.false,type.eq.non_healthcare)`);
    expect(namesOf(either.data)).toEqual([names.acme, names.beta]);
    const negated = await mine().or(`not.and(type.eq.healthcare,legal_name.eq.${acme}),legal_name.in.(${acme})`);
    expect(namesOf(negated.data)).toEqual([names.acme, names.beta, names.gamma]);
    // Two or= parameters are ANDed, as repeated filters are.
    const both = await mine().or('type.eq.sole_proprietor,type.eq.non_healthcare').or('is_active.is.true');
    expect(namesOf(both.data)).toEqual([names.gamma]);
  });

  it('answers 400 PGRST100 for a malformed filter', async () => {
    const answer = await svc.from('organizations').select('id').or('legal_name.eqq.x');
    expectRefused(answer, 400, 'PGRST100');
  });
});

describe('order, ranges, counts and single rows', () => {
  const mine = (count?: 'exact' | 'planned' | 'estimated') =>
    svc.from('organizations').select('legal_name', count ? { count } : undefined).like('legal_name', `%${tag}`);

  it('orders by several columns with nulls placement, and pages with limit/offset and range', async () => {
    const ordered = await mine().order('is_active', { ascending: false, nullsFirst: false }).order('legal_name', { ascending: false });
    expect(ordered.data).toEqual([{ legal_name: names.gamma }, { legal_name: names.acme }, { legal_name: names.beta }]);
    const page = await mine().order('legal_name').range(1, 2);
    expect(page.data).toEqual([{ legal_name: names.beta }, { legal_name: names.gamma }]);
    const limited = await mine().order('legal_name').limit(1);
    expect(limited.data).toEqual([{ legal_name: names.acme }]);
  });

  it('counts with Prefer: count=exact, answering 206 for a partial page and 200 for all', async () => {
    const partial = await mine('exact').order('legal_name').range(0, 1);
    expect([partial.status, partial.count, partial.data]).toEqual([206, 3, [{ legal_name: names.acme }, { legal_name: names.beta }]]);
    const all = await mine('planned');
    expect([all.status, all.count]).toEqual([200, 3]);
    const none = await mine('exact').eq('legal_name', 'nothing');
    expect([none.status, none.count, none.data]).toEqual([200, 0, []]);
    const head = await svc.from('organizations').select('*', { count: 'exact', head: true }).like('legal_name', `%${tag}`);
    expect([head.status, head.count, head.data]).toEqual([200, 3, null]);
  });

  it('single(): one row as an object, else 406 PGRST116 with the row count', async () => {
    const one = await mine().eq('legal_name', names.beta).single();
    expect([one.status, one.data]).toEqual([200, { legal_name: names.beta }]);
    const none = await mine().eq('legal_name', 'nothing').single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await mine().single();
    expect([many.status, many.error?.details]).toEqual([406, 'The result contains 3 rows']);
  });

  it('maybeSingle(): null for none, the object for one, an error for many', async () => {
    expect((await mine().eq('legal_name', 'nothing').maybeSingle()).data).toBeNull();
    expect((await mine().eq('legal_name', names.gamma).maybeSingle()).data).toEqual({ legal_name: names.gamma });
    const many = await mine().maybeSingle();
    expect([many.status, many.error?.code]).toEqual([406, 'PGRST116']);
  });

  it('casts, JSON paths and nulls stripping in the select', async () => {
    const answer = await svc
      .from('organizations')
      .select('name:legal_name, active:is_active::text, updated_at')
      .eq('id', orgIds.beta)
      .single();
    expect(answer.data).toMatchObject({ name: names.beta, active: 'false' });
    expect((answer.data as { updated_at: string }).updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$/);
    const stripped = await svc.from('providers').select('id, nickname').eq('id', lonelyProviderId).stripNulls();
    expect(stripped.data).toEqual([{ id: lonelyProviderId }]);
  });
});
