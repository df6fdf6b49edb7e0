-- Laboratory orders (issue 31; collection 10 of docs/data-model.md, a protected one): what a
-- client organization's provider orders for a patient, how it is billed, the tests with their
-- order-question answers, the diagnoses, the collection, and the patient's ABN choice.
--
-- Identity: `requisition_number` is made on the device that enters the order, offline or not,
-- from the device number the server handed that device at sign-in and the device's own
-- counter (20261125250001): `R-<device>-<counter>`. No two devices hold the same device
-- number and a device never repeats a counter, so two orders never get the same number; the
-- unique index is the backstop.
--
-- JSON columns (edited with the order as one piece):
-- - `tests`: [{code, name, cpt_codes, specimen_type, container, necessity, reason,
--   modifiers: [{cpt, modifier}], declined}]: `necessity` is the device's verdict at the
--   keyboard; `declined` (ABN option 3) tests are kept on the record and never sent.
-- - `answers`: [{test: "<test code>", question: "<question code>", value: text}].
-- - `diagnoses`: ["E11.9", …] (ICD-10-CM, dotted), at most 12.
-- - `abn`: null, or {option: 1|2|3, signature: "signed"|"refused", tests: [codes], reason,
--   estimated_cost, recorded_at}.
-- - `medicare_check`: what the device decided (eligibility, per-test necessity).
-- - `server_check`: what the server decided when the order was submitted, written only here
--   (private.check_order): it never trusts the device; a disagreement is kept on the row.
--
-- Who may order: staff and admins for any provider; a user holding an active delegate
-- approval of type order or both, only for that provider; nobody else. A provider login
-- reads the orders placed for them. The order's life: draft → submitted → received →
-- in_progress → resulted, or cancelled with a reason until the laboratory received it. Users
-- move it only from draft to submitted and from draft or submitted to cancelled; the
-- laboratory's side (service role) sets the rest. A submitted order's content is frozen.

create or replace function private.order_diagnoses_are_valid(p_diagnoses jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_diagnoses) = 'array'
    and jsonb_array_length(p_diagnoses) <= 12
    and not exists (
      select 1 from jsonb_array_elements(p_diagnoses) as item
       where jsonb_typeof(item) <> 'string'
          or (item #>> '{}') !~ '^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$')
    and (select count(*) from jsonb_array_elements_text(p_diagnoses)) =
        (select count(distinct item) from jsonb_array_elements_text(p_diagnoses) as item);
$$;
comment on function private.order_diagnoses_are_valid(jsonb) is 'True when the diagnoses are at most 12 distinct ICD-10-CM codes (dotted).';

create or replace function private.order_tests_are_valid(p_tests jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_tests) = 'array'
    and jsonb_array_length(p_tests) <= 50
    and not exists (
      select 1 from jsonb_array_elements(p_tests) as item
       where jsonb_typeof(item) <> 'object'
          or coalesce(item ->> 'code', '') !~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'
          or jsonb_typeof(coalesce(item -> 'cpt_codes', '[]'::jsonb)) <> 'array')
    and (select count(*) from jsonb_array_elements(p_tests)) =
        (select count(distinct item ->> 'code') from jsonb_array_elements(p_tests) as item);
$$;
comment on function private.order_tests_are_valid(jsonb) is 'True when the tests are an array of at most 50 objects with distinct compendium codes.';

create or replace function private.order_abn_is_valid(p_abn jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_abn is null or (
    jsonb_typeof(p_abn) = 'object'
    and coalesce(p_abn ->> 'option', '') in ('1', '2', '3')
    and coalesce(p_abn ->> 'signature', '') in ('signed', 'refused')
    and jsonb_typeof(coalesce(p_abn -> 'tests', 'null'::jsonb)) = 'array');
$$;
comment on function private.order_abn_is_valid(jsonb) is 'True when the ABN is null or {option 1|2|3, signature signed|refused, tests [codes]}.';

revoke execute on function private.order_diagnoses_are_valid(jsonb), private.order_tests_are_valid(jsonb),
  private.order_abn_is_valid(jsonb) from public, anon;
grant execute on function private.order_diagnoses_are_valid(jsonb), private.order_tests_are_valid(jsonb),
  private.order_abn_is_valid(jsonb) to authenticated, service_role;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  requisition_number text not null check (requisition_number ~ '^R-[0-9A-HJKMNP-TV-Z]+-[0-9]{4,}$'),
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'received', 'in_progress', 'resulted', 'cancelled')),
  cancel_reason text check (cancel_reason is null or length(cancel_reason) <= 500),
  organization_id uuid not null references public.organizations (id),
  provider_id uuid not null references public.providers (id),
  patient_id uuid not null references public.patients (id),
  billing text not null check (billing in ('client', 'patient', 'insurance')),
  -- Which of the patient's coverages pays when billing is insurance.
  coverage_rank text check (coverage_rank is null or coverage_rank in ('primary', 'secondary')),
  tests jsonb not null default '[]'::jsonb check (private.order_tests_are_valid(tests)),
  answers jsonb not null default '[]'::jsonb check (jsonb_typeof(answers) = 'array'),
  diagnoses jsonb not null default '[]'::jsonb check (private.order_diagnoses_are_valid(diagnoses)),
  collected_at timestamptz,
  collected_by text check (collected_by is null or length(collected_by) <= 200),
  fasting boolean,
  priority text not null default 'routine' check (priority in ('routine', 'stat')),
  comments text check (comments is null or length(comments) <= 2000),
  abn jsonb check (private.order_abn_is_valid(abn)),
  medicare_check jsonb,
  server_check jsonb,
  reference_versions jsonb,
  submitted_at timestamptz,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint orders_cancel_reason check ((status = 'cancelled') = (length(btrim(coalesce(cancel_reason, ''))) > 0)),
  constraint orders_coverage check ((billing = 'insurance') = (coverage_rank is not null)),
  constraint orders_submitted_complete check (
    status = 'draft' or status = 'cancelled' or (
      jsonb_array_length(tests) > 0
      and (billing <> 'insurance' or jsonb_array_length(diagnoses) > 0)))
);
comment on table public.orders is 'Laboratory orders: organization, ordering provider, patient, billing, tests with answers, diagnoses, collection, ABN. Protected health information.';
comment on column public.orders.requisition_number is 'R-<device number>-<counter>, made on the device that entered the order; unique.';
comment on column public.orders.server_check is 'The server''s own Medicare verdict when the order was submitted (eligibility, per-test necessity, modifiers) and where it disagrees with the device.';

create unique index orders_requisition_number_unique on public.orders (requisition_number);
create index orders_organization_id_idx on public.orders (organization_id);
create index orders_provider_id_idx on public.orders (provider_id);
create index orders_patient_id_idx on public.orders (patient_id, collected_at);
create index orders_created_by_idx on public.orders (created_by);

select private.register_synced_table('orders', p_attribution => 'created_by');

-- ---------------------------------------------------------------------------------------
-- Who may order for a provider.

create or replace function private.may_order_for(p_provider uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_staff() or (
    private.my_account_active() and exists (
      select 1 from public.provider_delegate_approvals a
       where a.delegate_id = (select auth.uid())
         and a.provider_id = p_provider
         and a.approval_type in ('order', 'both')
         and a.is_active
         and not a._deleted));
$$;
comment on function private.may_order_for(uuid) is 'Staff and admins for any provider; an active delegate of type order or both for that provider.';
revoke execute on function private.may_order_for(uuid) from public, anon;
grant execute on function private.may_order_for(uuid) to authenticated, service_role;

create policy "orderers read orders; a provider login its own" on public.orders
  for select to authenticated
  using ((select private.may_order_for(provider_id)) or provider_id = (select private.my_provider_id()));
create policy "orderers place orders as themselves" on public.orders
  for insert to authenticated
  with check ((select private.may_order_for(provider_id)) and (created_by is null or created_by = (select auth.uid())));
create policy "orderers change their orders" on public.orders
  for update to authenticated
  using ((select private.may_order_for(provider_id)))
  with check ((select private.may_order_for(provider_id)));

-- The patients on a provider's orders: the provider login and the provider's order delegates
-- read them too (one select policy: Supabase's lint 0006, multiple permissive policies).
drop policy "staff read patients" on public.patients;
create policy "staff read patients; a provider and their delegates those on their orders" on public.patients
  for select to authenticated
  using ((select private.is_staff()) or exists (
    select 1 from public.orders o
     where o.patient_id = patients.id and not o._deleted
       and ((select private.may_order_for(o.provider_id)) or o.provider_id = (select private.my_provider_id()))));

-- ---------------------------------------------------------------------------------------
-- The server's Medicare verdict (the same rules as _shared/lab/medicare-eligibility.ts and
-- medical-necessity.ts, applied to the server's own rows: the provider's stored PECOS
-- evidence, the compendium's CPT codes, the NCD lists, the patient's earlier orders).

create or replace function private.medicare_eligibility(p_provider uuid, p_at timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  prov record;
  evidence jsonb;
  checked timestamptz;
  age integer;
begin
  select npi, pecos_verification_date, pecos_verification_data into prov from public.providers where id = p_provider;
  if prov.npi is null then
    return jsonb_build_object('status', 'not-eligible', 'reason', 'The provider has no NPI.');
  end if;
  evidence := prov.pecos_verification_data;
  if jsonb_typeof(evidence) = 'string' then
    begin
      evidence := (evidence #>> '{}')::jsonb;
    exception when others then
      evidence := null;
    end;
  end if;
  if evidence is null or jsonb_typeof(evidence) <> 'object'
     or jsonb_typeof(evidence -> 'enrollment' -> 'rows') <> 'array'
     or jsonb_typeof(evidence -> 'order_referring' -> 'rows') <> 'array' then
    return jsonb_build_object('status', 'needs-check', 'reason', 'PECOS enrollment and Part B ordering have not been checked for this provider.');
  end if;
  if evidence ->> 'npi' is distinct from prov.npi then
    return jsonb_build_object('status', 'needs-check', 'reason', 'The stored PECOS check is for another NPI.');
  end if;
  checked := coalesce(prov.pecos_verification_date, (evidence ->> 'checked_at')::timestamptz);
  age := greatest(0, floor(extract(epoch from (p_at - checked)) / 86400)::integer);
  if age > 30 then
    return jsonb_build_object('status', 'needs-check', 'reason', format('The last PECOS check was %s days before the order.', age));
  end if;
  if jsonb_array_length(evidence -> 'enrollment' -> 'rows') = 0 then
    return jsonb_build_object('status', 'not-eligible', 'reason', 'The provider is not enrolled in PECOS.');
  end if;
  if not exists (
    select 1 from jsonb_array_elements(evidence -> 'order_referring' -> 'rows') as r
     where upper(btrim(coalesce(r ->> 'PARTB', ''))) = 'Y') then
    return jsonb_build_object('status', 'not-eligible', 'reason', 'The provider is not eligible to order Part B services.');
  end if;
  return jsonb_build_object('status', 'eligible', 'reason', null);
end;
$$;
comment on function private.medicare_eligibility(uuid, timestamptz) is 'Whether Medicare can be billed for the provider''s orders at a time (PECOS enrollment and Part B by a check at most 30 days old).';

-- The necessity of one billed code under the NCDs that govern it (the most demanding verdict).
create or replace function private.line_necessity(p_cpt text, p_diagnoses text[], p_patient uuid, p_order uuid, p_day date)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pol record;
  verdict text;
  worst text := 'not-governed';
  severity text[] := array['needs-diagnosis', 'not-supported', 'frequency-exceeded', 'never-covered', 'supported', 'not-governed'];
  supporting integer;
  limit_item jsonb;
  limit_codes text[];
  done integer;
begin
  for pol in
    select p.* from public.ncd_policies p
     where exists (select 1 from public.ncd_codes c where c.ncd_id = p.id and c.list = 'hcpcs' and c.code = p_cpt)
  loop
    if cardinality(p_diagnoses) = 0 then
      verdict := 'needs-diagnosis';
    else
      select count(*) into supporting from unnest(p_diagnoses) as d(code)
       where not exists (select 1 from public.ncd_codes c where c.ncd_id = pol.id and c.list = 'non_covered' and c.code = d.code)
         and (exists (select 1 from public.ncd_codes c where c.ncd_id = pol.id and c.list = 'diagnosis' and c.code = d.code))
             = (pol.list_kind = 'covered');
      if supporting = 0 then
        if not exists (
          select 1 from unnest(p_diagnoses) as d(code)
           where not exists (select 1 from public.ncd_codes c where c.ncd_id = pol.id and c.list = 'non_covered' and c.code = d.code)) then
          verdict := 'never-covered';
        else
          verdict := 'not-supported';
        end if;
      else
        verdict := 'supported';
        for limit_item in select * from jsonb_array_elements(pol.frequency) loop
          select coalesce(array_agg(x), '{}') into limit_codes from jsonb_array_elements_text(coalesce(limit_item -> 'codes', '[]'::jsonb)) as x;
          if cardinality(limit_codes) > 0 and not (p_cpt = any (limit_codes)) then
            continue;
          end if;
          if cardinality(limit_codes) = 0 then
            select array_agg(c.code) into limit_codes from public.ncd_codes c where c.ncd_id = pol.id and c.list = 'hcpcs';
          end if;
          select count(*) into done from public.orders o
           where o.patient_id = p_patient and o.id <> p_order and not o._deleted
             and o.status not in ('draft', 'cancelled')
             and o.collected_at::date > (p_day - make_interval(months => (limit_item ->> 'months')::integer))::date
             and o.collected_at::date <= p_day
             and exists (
               select 1 from jsonb_array_elements(o.tests) as t, jsonb_array_elements_text(coalesce(t -> 'cpt_codes', '[]'::jsonb)) as cpt
                where not coalesce((t ->> 'declined')::boolean, false) and cpt = any (limit_codes));
          if done >= (limit_item ->> 'max')::integer then
            verdict := 'frequency-exceeded';
            exit;
          end if;
        end loop;
      end if;
    end if;
    if array_position(severity, verdict) < array_position(severity, worst) then
      worst := verdict;
    end if;
  end loop;
  return worst;
end;
$$;
comment on function private.line_necessity(text, text[], uuid, uuid, date) is 'Medicare medical necessity of one CPT/HCPCS code for the diagnoses (NCD lists and frequency limits over the patient''s earlier orders).';

create or replace function private.check_order(p_order public.orders)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  payer text;
  medicare boolean;
  eligibility jsonb;
  diagnoses text[];
  day date := coalesce(p_order.collected_at, p_order.submitted_at, now())::date;
  severity text[] := array['needs-diagnosis', 'not-supported', 'frequency-exceeded', 'never-covered', 'supported', 'not-governed'];
  test jsonb;
  cpts text[];
  cpt text;
  line text;
  status text;
  modifier text;
  abn_option text;
  device_modifier text;
  results jsonb := '[]'::jsonb;
  disagreements jsonb := '[]'::jsonb;
  missing text[];
begin
  select c ->> 'payer_type' into payer
    from public.patients p, jsonb_array_elements(p.coverages) as c
   where p.id = p_order.patient_id and c ->> 'rank' = p_order.coverage_rank;
  medicare := p_order.billing = 'insurance' and payer = 'medicare';
  select coalesce(array_agg(upper(replace(d, '.', ''))), '{}') into diagnoses from jsonb_array_elements_text(p_order.diagnoses) as d;

  for test in select * from jsonb_array_elements(p_order.tests) loop
    -- The compendium's codes, never the device's.
    select case when t.is_panel and cardinality(t.cpt_codes) = 0
                then (select coalesce(array_agg(c), '{}') from public.compendium_tests m, unnest(m.cpt_codes) as c where m.code = any (t.panel_members))
                else t.cpt_codes end
      into cpts from public.compendium_tests t where t.code = test ->> 'code';
    if cpts is null then
      disagreements := disagreements || to_jsonb(format('%s is not a test of the compendium.', test ->> 'code'));
      continue;
    end if;
    select coalesce(array_agg(q ->> 'code'), '{}') into missing
      from public.compendium_tests t, jsonb_array_elements(t.questions) as q
     where t.code = test ->> 'code' and coalesce((q ->> 'required')::boolean, false)
       and not exists (
         select 1 from jsonb_array_elements(p_order.answers) as a
          where a ->> 'test' = test ->> 'code' and a ->> 'question' = q ->> 'code'
            and length(btrim(coalesce(a ->> 'value', ''))) > 0);
    if cardinality(missing) > 0 and not coalesce((test ->> 'declined')::boolean, false) then
      disagreements := disagreements || to_jsonb(format('%s: required order questions are not answered (%s).', test ->> 'code', array_to_string(missing, ', ')));
    end if;
    status := 'not-governed';
    if medicare then
      foreach cpt in array cpts loop
        line := private.line_necessity(cpt, diagnoses, p_order.patient_id, p_order.id, day);
        if array_position(severity, line) < array_position(severity, status) then
          status := line;
        end if;
      end loop;
    end if;
    abn_option := case when p_order.abn is not null and (p_order.abn -> 'tests') ? (test ->> 'code') then p_order.abn ->> 'option' end;
    modifier := case
      when not medicare or abn_option = '3' then null
      when status = 'never-covered' then 'GY'
      when status in ('needs-diagnosis', 'not-supported', 'frequency-exceeded') then case when abn_option is not null then 'GA' else 'GZ' end
      else null end;
    results := results || jsonb_build_object('code', test ->> 'code', 'status', status, 'modifier', modifier);
    if medicare and (test ->> 'necessity') is distinct from status then
      disagreements := disagreements || to_jsonb(format('%s: the device found "%s", the server "%s".', test ->> 'code', coalesce(test ->> 'necessity', 'nothing'), status));
    end if;
    select min(m ->> 'modifier') into device_modifier
      from jsonb_array_elements(coalesce(test -> 'modifiers', '[]'::jsonb)) as m;
    if medicare and device_modifier is distinct from modifier then
      disagreements := disagreements || to_jsonb(format('%s: the device set modifier %s, the server %s.', test ->> 'code',
        coalesce(device_modifier, 'none'), coalesce(modifier, 'none')));
    end if;
  end loop;

  if medicare then
    eligibility := private.medicare_eligibility(p_order.provider_id, coalesce(p_order.submitted_at, now()));
    if eligibility ->> 'status' <> 'eligible' then
      disagreements := disagreements || to_jsonb(format('Medicare is billed but the ordering provider is %s: %s',
        eligibility ->> 'status', eligibility ->> 'reason'));
    end if;
  end if;
  return jsonb_build_object('checked_at', now(), 'medicare', medicare, 'eligibility', eligibility,
    'tests', results, 'disagreements', disagreements);
end;
$$;
comment on function private.check_order(public.orders) is 'The server''s Medicare verdict on an order (eligibility, per-test necessity and modifier) and where the device''s answer differs.';

-- Called by the orders trigger, which runs as the caller.
revoke execute on function private.medicare_eligibility(uuid, timestamptz), private.line_necessity(text, text[], uuid, uuid, date),
  private.check_order(public.orders) from public, anon;
grant execute on function private.medicare_eligibility(uuid, timestamptz), private.line_necessity(text, text[], uuid, uuid, date),
  private.check_order(public.orders) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The order's life, and what only the server writes.

create or replace function private.guard_order()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_call boolean := current_user in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    if user_call and new.status not in ('draft', 'submitted') then
      raise exception 'A new order is a draft or submitted' using errcode = '42501';
    end if;
  else
    if new.status is distinct from old.status and user_call and not (
      (old.status = 'draft' and new.status in ('submitted', 'cancelled'))
      or (old.status = 'submitted' and new.status = 'cancelled')) then
      raise exception 'An order cannot go from % to %', old.status, new.status using errcode = '42501';
    end if;
    if user_call and old.status <> 'draft' and (
      new.tests is distinct from old.tests or new.answers is distinct from old.answers
      or new.diagnoses is distinct from old.diagnoses or new.abn is distinct from old.abn
      or new.billing is distinct from old.billing or new.coverage_rank is distinct from old.coverage_rank
      or new.patient_id is distinct from old.patient_id or new.provider_id is distinct from old.provider_id
      or new.organization_id is distinct from old.organization_id or new.requisition_number is distinct from old.requisition_number
      or new.collected_at is distinct from old.collected_at or new.priority is distinct from old.priority) then
      raise exception 'A submitted order cannot be changed, only cancelled' using errcode = '42501';
    end if;
    new.server_check := old.server_check;
    new.submitted_at := old.submitted_at;
  end if;
  if tg_op = 'INSERT' then
    new.server_check := null;
    new.submitted_at := null;
  end if;
  if new.status = 'submitted' and (tg_op = 'INSERT' or old.status = 'draft') then
    new.submitted_at := now();
    new.server_check := private.check_order(new);
  end if;
  return new;
end;
$$;
comment on function private.guard_order() is 'Order status transitions for users (draft→submitted, draft/submitted→cancelled), a submitted order frozen, submitted_at and server_check written by the server.';

create trigger b_guard_order before insert or update on public.orders
  for each row execute function private.guard_order();
