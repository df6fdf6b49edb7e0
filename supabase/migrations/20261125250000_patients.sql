-- Patients (issue 26): the people the laboratory's clients order tests for. Protected
-- health information: staff and admins read and write it; a provider and that provider's
-- delegates (results or both) will see only the patients on that provider's orders, a
-- policy the orders migration adds (orders do not exist yet). Until then everyone but staff
-- is refused: RLS is on with no other policy, so the table fails closed.
--
-- Identity and coverage:
-- - `lab_patient_id` is made on the device that adds the patient, from the device number
--   the server handed that device at sign-in (20261125250001) and the device's own counter
--   (`P-<device>-<counter>`): two devices never hold the same number and one device never
--   repeats a counter, so two patients can never get the same id, offline or not. The
--   unique constraint is the backstop.
-- - `medical_record_numbers`: the patient's MRN at each client organization that gave one,
--   `[{"organization_id": uuid, "mrn": text}]`, edited with the patient as one piece.
-- - `coverages`: primary and secondary coverage, `[{"rank": "primary"|"secondary",
--   "payer_type": "medicare"|"medicaid"|"commercial"|"self_pay", "payer_name",
--   "member_id", "group_number", "subscriber_name", "relationship": "self"|"spouse"|
--   "child"|"other"}]`. A Medicare member ID is a Medicare Beneficiary Identifier in CMS's
--   format, stored without dashes: the server checks it again whatever the device said.

-- CMS's MBI format: 11 characters; 1 a digit 1-9; 2, 5, 8, 9 a letter; 3 and 6 a letter or
-- a digit; 4, 7, 10, 11 a digit; letters never S, L, O, I, B or Z.
create or replace function private.mbi_is_valid(p_mbi text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_mbi is not null and p_mbi ~ (
    '^[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9][0-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9][0-9]'
    || '[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y][0-9][0-9]$');
$$;
comment on function private.mbi_is_valid(text) is 'True when the text is a Medicare Beneficiary Identifier in CMS''s format (uppercase, no dashes).';

create or replace function private.patient_mrns_are_valid(p_mrns jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_mrns) = 'array'
    and not exists (
      select 1 from jsonb_array_elements(p_mrns) as item
       where jsonb_typeof(item) <> 'object'
          or coalesce(item ->> 'organization_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          or length(btrim(coalesce(item ->> 'mrn', ''))) = 0
          or length(item ->> 'mrn') > 64)
    and (select count(*) from jsonb_array_elements(p_mrns)) =
        (select count(distinct lower(item ->> 'organization_id')) from jsonb_array_elements(p_mrns) as item);
$$;
comment on function private.patient_mrns_are_valid(jsonb) is 'True when the MRN list is an array of {organization_id, mrn} with at most one MRN per organization.';

create or replace function private.patient_coverages_are_valid(p_coverages jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_coverages) = 'array'
    and jsonb_array_length(p_coverages) <= 2
    and not exists (
      select 1 from jsonb_array_elements(p_coverages) as item
       where jsonb_typeof(item) <> 'object'
          or coalesce(item ->> 'rank', '') not in ('primary', 'secondary')
          or coalesce(item ->> 'payer_type', '') not in ('medicare', 'medicaid', 'commercial', 'self_pay')
          or (item ->> 'relationship') is not null and item ->> 'relationship' not in ('self', 'spouse', 'child', 'other')
          or (item ->> 'payer_type' = 'medicare' and not private.mbi_is_valid(item ->> 'member_id'))
          or (item ->> 'payer_type' in ('medicaid', 'commercial') and length(btrim(coalesce(item ->> 'member_id', ''))) = 0))
    and (select count(*) from jsonb_array_elements(p_coverages)) =
        (select count(distinct item ->> 'rank') from jsonb_array_elements(p_coverages) as item);
$$;
comment on function private.patient_coverages_are_valid(jsonb) is 'True when the coverages are at most one primary and one secondary, with known payer types and a valid MBI for Medicare.';

revoke execute on function private.mbi_is_valid(text), private.patient_mrns_are_valid(jsonb),
  private.patient_coverages_are_valid(jsonb) from public, anon;
grant execute on function private.mbi_is_valid(text), private.patient_mrns_are_valid(jsonb),
  private.patient_coverages_are_valid(jsonb) to authenticated, service_role;

create table public.patients (
  id uuid primary key default gen_random_uuid(),
  lab_patient_id text not null check (lab_patient_id ~ '^P-[0-9A-HJKMNP-TV-Z]+-[0-9]{4,}$'),
  first_name text not null check (length(btrim(first_name)) > 0),
  middle_name text,
  last_name text not null check (length(btrim(last_name)) > 0),
  date_of_birth date not null check (date_of_birth >= date '1900-01-01'),
  sex text not null check (sex in ('female', 'male', 'other', 'unknown')),
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  postal_code text,
  phone text,
  email text,
  medical_record_numbers jsonb not null default '[]'::jsonb check (private.patient_mrns_are_valid(medical_record_numbers)),
  coverages jsonb not null default '[]'::jsonb check (private.patient_coverages_are_valid(coverages)),
  is_active boolean not null default true,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.patients is 'Patients the laboratory receives orders for: demographics, lab patient id, MRNs per organization, coverage. Protected health information.';
comment on column public.patients.lab_patient_id is 'P-<device number>-<counter>, made on the device that added the patient; unique.';
comment on column public.patients.medical_record_numbers is 'The patient''s MRN at each client organization: [{organization_id, mrn}].';
comment on column public.patients.coverages is 'Primary and secondary coverage: [{rank, payer_type, payer_name, member_id, group_number, subscriber_name, relationship}].';

create unique index patients_lab_patient_id_unique on public.patients (lab_patient_id);
create index patients_created_by on public.patients (created_by);
-- Possible duplicates and the server-side search: same last name and date of birth.
create index patients_last_name_birth on public.patients (lower(last_name), date_of_birth);

select private.register_synced_table('patients');

-- A staff member records who added the patient as themselves; nobody else writes here yet.
create policy "staff read patients" on public.patients
  for select to authenticated using ((select private.is_staff()));
create policy "staff add patients" on public.patients
  for insert to authenticated
  with check ((select private.is_staff()) and (created_by is null or created_by = (select auth.uid())));
create policy "staff edit patients" on public.patients
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
