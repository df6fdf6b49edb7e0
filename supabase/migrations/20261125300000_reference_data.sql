-- The laboratory's reference data (docs/reference-data.md): the test compendium with its
-- order questions, ICD-10-CM diagnosis codes, and Medicare's lab NCDs (190.12–190.34).
--
-- Every user with an active role reads it; only admins change it, and only through
-- public.apply_reference_import (the reference-import function checks a file, then applies
-- it with the admin's own token). No API role has a write privilege on these tables.
--
-- It reaches devices as versioned assets, not as synced collections (docs/data-model.md):
-- each data set has one row in reference_data_sets with a version that goes up with every
-- published change and the data set's JSON asset, rebuilt in the same transaction as the
-- change, so a version always names exactly one content. The reference-data function
-- serves the manifest and the assets; orders record the versions they were entered with.
--
-- Audit: every import writes a reference_imports row (who, when, which data set and
-- version, the file and its counts), audited like every table; compendium tests are
-- audited row by row as well (a changed specimen requirement is something an auditor asks
-- about). ICD-10-CM and NCD rows are not audited one by one: a release is tens of thousands
-- of codes, and its import row names the file it came from.

-- ---------------------------------------------------------------------------------------
-- Who may read: a user holding an active role (staff, admin or provider).

create or replace function private.reads_reference_data()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_staff() or private.is_provider_user();
$$;
comment on function private.reads_reference_data() is 'True when the caller may read the reference data: any user with an active role.';
revoke execute on function private.reads_reference_data() from public, anon;
grant execute on function private.reads_reference_data() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The data sets and their versions.

create table public.reference_data_sets (
  name text primary key check (name in ('compendium', 'icd10cm', 'ncd')),
  version integer not null default 0 check (version >= 0),
  release text not null default '',
  published_at timestamptz,
  published_by uuid references public.profiles (id) on delete set null,
  item_count integer not null default 0,
  asset jsonb not null
);
comment on table public.reference_data_sets is 'One row per reference data set: its published version, release name and JSON asset (what devices cache).';
comment on column public.reference_data_sets.version is 'Goes up by one with every published change; orders record the versions they used.';
comment on column public.reference_data_sets.asset is 'The data set as devices receive it ({name, version, release, published_at, data}), rebuilt with every version.';

create table public.reference_imports (
  id uuid primary key default gen_random_uuid(),
  data_set text not null references public.reference_data_sets (name),
  version integer not null,
  release text not null,
  file_name text not null default '',
  mode text not null default 'update' check (mode in ('update', 'release')),
  counts jsonb not null,
  imported_by uuid default auth.uid(),
  imported_at timestamptz not null default now()
);
comment on table public.reference_imports is 'Append-only history of reference data imports: who published which version of which data set, from which file, with what counts.';
create index reference_imports_by_set on public.reference_imports (data_set, imported_at desc);

-- ---------------------------------------------------------------------------------------
-- The compendium.

create table public.compendium_tests (
  -- The audit log keys rows by uuid; the order code is the test's identity.
  id uuid not null default gen_random_uuid() unique,
  code text primary key check (code ~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'),
  name text not null check (length(btrim(name)) between 1 and 200),
  loinc text check (loinc is null or loinc ~ '^[0-9]{1,7}-[0-9]$'),
  specimen_type text not null check (length(btrim(specimen_type)) > 0),
  container text not null check (length(btrim(container)) > 0),
  volume text not null default '',
  transport_temperature text not null check (transport_temperature in ('ambient', 'refrigerated', 'frozen')),
  stability text not null default '',
  cpt_codes text[] not null default '{}'
    check (array_to_string(cpt_codes, ',') ~ '^(([0-9]{5}|[0-9]{4}[A-Z]|[A-Z][0-9]{4})(,([0-9]{5}|[0-9]{4}[A-Z]|[A-Z][0-9]{4}))*)?$'),
  turnaround text not null default '',
  is_panel boolean not null default false,
  panel_members text[] not null default '{}',
  active boolean not null default true,
  questions jsonb not null default '[]' check (jsonb_typeof(questions) = 'array'),
  critical_low numeric,
  critical_high numeric,
  critical_unit text,
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid(),
  constraint compendium_tests_billed check (is_panel or cardinality(cpt_codes) > 0),
  constraint compendium_tests_members check (is_panel = (cardinality(panel_members) > 0)),
  constraint compendium_tests_critical check (
    (critical_low is null and critical_high is null and critical_unit is null)
    or ((critical_low is not null or critical_high is not null) and length(btrim(coalesce(critical_unit, ''))) > 0
        and (critical_low is null or critical_high is null or critical_low < critical_high))
  )
);
comment on table public.compendium_tests is 'The test compendium: what can be ordered, how it is collected and billed, and its order questions (AOE).';
comment on column public.compendium_tests.questions is 'Order questions: [{code, text, type: text|number|yes-no|choice|date, required, choices}].';

create trigger audit_inserted_rows after insert on public.compendium_tests
  referencing new table as new_rows for each statement execute function public.audit_inserted_rows();
create trigger audit_updated_rows after update on public.compendium_tests
  referencing old table as old_rows new table as new_rows for each statement execute function public.audit_updated_rows();
create trigger audit_deleted_rows after delete on public.compendium_tests
  referencing old table as old_rows for each statement execute function public.audit_deleted_rows();
create trigger audit_inserted_rows after insert on public.reference_imports
  referencing new table as new_rows for each statement execute function public.audit_inserted_rows();

-- ---------------------------------------------------------------------------------------
-- ICD-10-CM.

create table public.icd10cm_codes (
  code text primary key check (code ~ '^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$'),
  billable boolean not null,
  short_description text not null check (length(btrim(short_description)) > 0),
  long_description text not null check (length(btrim(long_description)) > 0),
  order_number integer not null check (order_number > 0)
);
comment on table public.icd10cm_codes is 'ICD-10-CM codes of the release in use (CMS order file): without dot; billable false = a header code.';

-- ---------------------------------------------------------------------------------------
-- Medicare's lab NCDs.

create table public.ncd_policies (
  id text primary key check (id ~ '^190\.(1[2-9]|2[0-9]|3[0-4])$'),
  title text not null check (length(btrim(title)) > 0),
  list_kind text not null check (list_kind in ('covered', 'does_not_support')),
  frequency jsonb not null default '[]' check (jsonb_typeof(frequency) = 'array'),
  updated_at timestamptz not null default now()
);
comment on table public.ncd_policies is 'Medicare national coverage determinations for lab tests (190.12–190.34); list_kind says whether its diagnosis list supports or does not support medical necessity.';
comment on column public.ncd_policies.frequency is 'Frequency limits: [{codes: [CPT…] (empty: all), max, months, note}].';

create table public.ncd_codes (
  ncd_id text not null references public.ncd_policies (id) on delete cascade,
  -- hcpcs: the tests the NCD governs; diagnosis: its list (see list_kind); non_covered: never covered (GY).
  list text not null check (list in ('hcpcs', 'diagnosis', 'non_covered')),
  code text not null check (
    (list = 'hcpcs' and code ~ '^([0-9]{5}|[0-9]{4}[A-Z]|[A-Z][0-9]{4})$')
    or (list <> 'hcpcs' and code ~ '^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$')
  ),
  primary key (ncd_id, list, code)
);
comment on table public.ncd_codes is 'The code lists of each lab NCD: governed CPT/HCPCS codes, its diagnosis list, and diagnoses never covered.';

-- ---------------------------------------------------------------------------------------
-- Access: read for users with a role, no direct writes for anyone.

do $$
declare
  t text;
begin
  foreach t in array array['reference_data_sets', 'reference_imports', 'compendium_tests', 'icd10cm_codes', 'ncd_policies', 'ncd_codes']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon', t);
    execute format('revoke insert, update, delete, truncate, references, trigger on table public.%I from authenticated', t);
    execute format('grant select on table public.%I to authenticated', t);
    execute format('create policy "users with a role read" on public.%I for select to authenticated using ((select private.reads_reference_data()))', t);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Assets.

create or replace function private.reference_data(p_name text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case p_name
    when 'compendium' then jsonb_build_object('tests', coalesce((
      select jsonb_agg(jsonb_build_object(
        'code', t.code, 'name', t.name, 'loinc', t.loinc, 'specimen_type', t.specimen_type,
        'container', t.container, 'volume', t.volume, 'transport_temperature', t.transport_temperature,
        'stability', t.stability, 'cpt_codes', to_jsonb(t.cpt_codes), 'turnaround', t.turnaround,
        'is_panel', t.is_panel, 'panel_members', to_jsonb(t.panel_members), 'active', t.active,
        'questions', t.questions,
        'critical_range', case when t.critical_low is null and t.critical_high is null then null
          else jsonb_build_object('low', t.critical_low, 'high', t.critical_high, 'unit', t.critical_unit) end
      ) order by t.code collate "C")
      from public.compendium_tests t), '[]'::jsonb))
    when 'icd10cm' then jsonb_build_object('codes', coalesce((
      select jsonb_agg(jsonb_build_array(c.code, case when c.billable then 1 else 0 end, c.short_description, c.long_description)
                       order by c.order_number, c.code collate "C")
      from public.icd10cm_codes c), '[]'::jsonb))
    when 'ncd' then jsonb_build_object('policies', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'title', p.title, 'list_kind', p.list_kind, 'frequency', p.frequency,
        'codes', coalesce((select jsonb_agg(n.code order by n.code collate "C") from public.ncd_codes n where n.ncd_id = p.id and n.list = 'hcpcs'), '[]'::jsonb),
        'diagnoses', coalesce((select jsonb_agg(n.code order by n.code collate "C") from public.ncd_codes n where n.ncd_id = p.id and n.list = 'diagnosis'), '[]'::jsonb),
        'non_covered', coalesce((select jsonb_agg(n.code order by n.code collate "C") from public.ncd_codes n where n.ncd_id = p.id and n.list = 'non_covered'), '[]'::jsonb)
      ) order by p.id)
      from public.ncd_policies p), '[]'::jsonb))
  end;
$$;
comment on function private.reference_data(text) is 'The data of a reference data set as JSON (the "data" of its asset).';
revoke execute on function private.reference_data(text) from public, anon, authenticated;

-- Publishes the current content of a data set as its next version.
create or replace function private.publish_reference_data(p_name text, p_release text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_version integer;
  stamp timestamptz := now();
  items integer;
begin
  select case p_name
    when 'compendium' then (select count(*) from public.compendium_tests)
    when 'icd10cm' then (select count(*) from public.icd10cm_codes)
    when 'ncd' then (select count(*) from public.ncd_policies)
  end into items;
  update public.reference_data_sets s
     set version = s.version + 1,
         release = p_release,
         published_at = stamp,
         published_by = (select auth.uid()),
         item_count = items,
         asset = jsonb_build_object('name', s.name, 'version', s.version + 1, 'release', p_release,
                                    'published_at', stamp, 'data', private.reference_data(s.name))
   where s.name = p_name
  returning s.version into next_version;
  if next_version is null then
    raise exception 'publish_reference_data: no data set "%"', p_name using errcode = '22023';
  end if;
  return next_version;
end;
$$;
comment on function private.publish_reference_data(text, text) is 'Makes the current content of a data set its next version: version + 1, release, asset rebuilt.';
revoke execute on function private.publish_reference_data(text, text) from public, anon, authenticated;

insert into public.reference_data_sets (name, asset)
select name, jsonb_build_object('name', name, 'version', 0, 'release', '', 'published_at', null, 'data', private.reference_data(name))
  from unnest(array['compendium', 'icd10cm', 'ncd']) as name;

-- ---------------------------------------------------------------------------------------
-- The one write path: an admin applies an import that the reference-import function
-- checked (the same rules again, in TypeScript, as the import page's preview). The table
-- constraints hold whatever arrives; the version check makes sure the file was compared
-- with what is being replaced.

create or replace function private.apply_reference_import(
  p_data_set text,
  p_release text,
  p_expected_version integer,
  p_file_name text,
  p_mode text,
  p_writes jsonb,
  p_removals jsonb,
  p_counts jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_version integer;
  new_version integer;
  policy jsonb;
begin
  if not private.is_admin() then
    raise exception 'Only admins can import reference data.' using errcode = '42501';
  end if;
  if p_data_set is null or p_data_set not in ('compendium', 'icd10cm', 'ncd') then
    raise exception 'apply_reference_import: "%" is not a reference data set', p_data_set using errcode = '22023';
  end if;
  if p_release is null or length(btrim(p_release)) = 0 or length(p_release) > 100 then
    raise exception 'apply_reference_import: the release needs a name of 1 to 100 characters' using errcode = '22023';
  end if;
  if p_mode is null or p_mode not in ('update', 'release') or (p_mode = 'release' and p_data_set <> 'icd10cm') then
    raise exception 'apply_reference_import: mode "%" does not apply to %', p_mode, p_data_set using errcode = '22023';
  end if;
  if jsonb_typeof(p_writes) is distinct from 'array' or jsonb_typeof(p_removals) is distinct from 'array'
     or jsonb_typeof(p_counts) is distinct from 'object' then
    raise exception 'apply_reference_import: writes and removals must be JSON arrays, counts an object' using errcode = '22023';
  end if;
  if jsonb_array_length(p_writes) = 0 and jsonb_array_length(p_removals) = 0 then
    raise exception 'apply_reference_import: the import changes nothing' using errcode = '22023';
  end if;
  if p_data_set <> 'icd10cm' and jsonb_array_length(p_removals) > 0 then
    raise exception 'apply_reference_import: only ICD-10-CM codes are removed by an import' using errcode = '22023';
  end if;

  select s.version into current_version from public.reference_data_sets s where s.name = p_data_set for update;
  if current_version is distinct from p_expected_version then
    raise exception 'The data changed since this file was checked (it is now version %): check the file again.', current_version
      using errcode = 'PT409';
  end if;

  if p_data_set = 'compendium' then
    insert into public.compendium_tests as t (code, name, loinc, specimen_type, container, volume, transport_temperature,
      stability, cpt_codes, turnaround, is_panel, panel_members, active, questions, critical_low, critical_high, critical_unit,
      updated_at, updated_by)
    select r.code, r.name, r.loinc, r.specimen_type, r.container, coalesce(r.volume, ''), r.transport_temperature,
           coalesce(r.stability, ''), coalesce(r.cpt_codes, '{}'), coalesce(r.turnaround, ''), coalesce(r.is_panel, false),
           coalesce(r.panel_members, '{}'), coalesce(r.active, true), coalesce(r.questions, '[]'::jsonb),
           (r.critical_range ->> 'low')::numeric, (r.critical_range ->> 'high')::numeric,
           nullif(r.critical_range ->> 'unit', ''), now(), (select auth.uid())
      from jsonb_to_recordset(p_writes) as r(code text, name text, loinc text, specimen_type text, container text,
           volume text, transport_temperature text, stability text, cpt_codes text[], turnaround text, is_panel boolean,
           panel_members text[], active boolean, questions jsonb, critical_range jsonb)
    on conflict (code) do update set
      name = excluded.name, loinc = excluded.loinc, specimen_type = excluded.specimen_type, container = excluded.container,
      volume = excluded.volume, transport_temperature = excluded.transport_temperature, stability = excluded.stability,
      cpt_codes = excluded.cpt_codes, turnaround = excluded.turnaround, is_panel = excluded.is_panel,
      panel_members = excluded.panel_members, active = excluded.active, questions = excluded.questions,
      critical_low = excluded.critical_low, critical_high = excluded.critical_high, critical_unit = excluded.critical_unit,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  elsif p_data_set = 'icd10cm' then
    delete from public.icd10cm_codes c where c.code in (select jsonb_array_elements_text(p_removals));
    insert into public.icd10cm_codes as c (code, billable, short_description, long_description, order_number)
    select r.code, r.billable, r.short, r.long, r."order"
      from jsonb_to_recordset(p_writes) as r(code text, billable boolean, short text, long text, "order" integer)
    on conflict (code) do update set
      billable = excluded.billable, short_description = excluded.short_description,
      long_description = excluded.long_description, order_number = excluded.order_number;
  else
    for policy in select value from jsonb_array_elements(p_writes) loop
      insert into public.ncd_policies as p (id, title, list_kind, frequency, updated_at)
      values (policy ->> 'id', policy ->> 'title', policy ->> 'list_kind', coalesce(policy -> 'frequency', '[]'::jsonb), now())
      on conflict (id) do update set title = excluded.title, list_kind = excluded.list_kind,
        frequency = excluded.frequency, updated_at = excluded.updated_at;
      delete from public.ncd_codes n where n.ncd_id = policy ->> 'id';
      insert into public.ncd_codes (ncd_id, list, code)
      select policy ->> 'id', 'hcpcs', value from jsonb_array_elements_text(coalesce(policy -> 'codes', '[]'::jsonb))
      union all
      select policy ->> 'id', 'diagnosis', value from jsonb_array_elements_text(coalesce(policy -> 'diagnoses', '[]'::jsonb))
      union all
      select policy ->> 'id', 'non_covered', value from jsonb_array_elements_text(coalesce(policy -> 'non_covered', '[]'::jsonb));
    end loop;
  end if;

  new_version := private.publish_reference_data(p_data_set, btrim(p_release));
  insert into public.reference_imports (data_set, version, release, file_name, mode, counts)
  values (p_data_set, new_version, btrim(p_release), coalesce(p_file_name, ''), p_mode, p_counts);
  return jsonb_build_object('data_set', p_data_set, 'version', new_version);
end;
$$;
comment on function private.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) is 'Admins only: applies a checked reference data import in one transaction (upserts, removals), publishes the next version, and records the import. Refuses (PT409) when the data set changed since the file was checked.';
revoke execute on function private.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) from public, anon, service_role;
grant execute on function private.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) to authenticated;

-- The Data API's entry point runs as the caller (security invoker) and hands over to the
-- private function above, which the API does not expose: no security definer function in
-- schema public (Supabase's lints 0028/0029, tests/database).
create or replace function public.apply_reference_import(p_data_set text, p_release text, p_expected_version integer, p_file_name text, p_mode text, p_writes jsonb, p_removals jsonb, p_counts jsonb)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$ select private.apply_reference_import(p_data_set, p_release, p_expected_version, p_file_name, p_mode, p_writes, p_removals, p_counts); $$;
comment on function public.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) is 'Admins only: applies a checked reference data import and publishes the next version (private.apply_reference_import).';
revoke execute on function public.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) from public, anon, service_role;
grant execute on function public.apply_reference_import(text, text, integer, text, text, jsonb, jsonb, jsonb) to authenticated;

-- What the reference-data function serves: a data set's asset, read under the caller's
-- row-level security (null when the caller may not read it).
create or replace function public.reference_asset(p_name text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select s.asset from public.reference_data_sets s where s.name = p_name;
$$;
comment on function public.reference_asset(text) is 'The JSON asset of a reference data set, as the caller may read it (null otherwise).';
revoke execute on function public.reference_asset(text) from public, anon;
grant execute on function public.reference_asset(text) to authenticated, service_role;
