-- Two things protected records need (issue 26; orders and results use them too):
--
-- 1. Device numbers. A record made offline sometimes needs a short number people read
--    aloud (a lab patient id, later a requisition number) that no other device can ever
--    make. The server hands each signed-in device a number of its own, once, at sign-in
--    (`claim_device_number`); the device then counts on its own: `<device>-<counter>`
--    cannot collide with any other device's numbers, and needs no server to be made.
--
-- 2. The access log. Every opening of a patient's record (and later of an order or a
--    result) is recorded: who, when, which record, and whose record it is. The device
--    queues openings made offline and sends them when online with the time they happened
--    (`record_openings`, idempotent by the opening's id). Append-only: no API role updates
--    or deletes a row; admins read it.

create table private.device_numbers (
  number bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  claimed_at timestamptz not null default clock_timestamp()
);
comment on table private.device_numbers is 'One number per signed-in device (browser profile): the prefix of numbers that device makes offline.';
create index device_numbers_user on private.device_numbers (user_id);
revoke all on table private.device_numbers from public, anon, authenticated;

create or replace function private.claim_device_number()
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed bigint;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to register this device' using errcode = '42501';
  end if;
  insert into private.device_numbers (user_id) values ((select auth.uid())) returning number into claimed;
  return claimed;
end;
$$;
comment on function private.claim_device_number() is 'Gives the calling device a number no other device has (the prefix of the numbers it makes offline).';
revoke execute on function private.claim_device_number() from public, anon;
grant execute on function private.claim_device_number() to authenticated;

-- The Data API's entry point runs as the caller (security invoker) and hands over to the
-- private function above, which the API does not expose: no security definer function in
-- schema public (Supabase's lints 0028/0029, tests/database).
create or replace function public.claim_device_number()
returns bigint
language sql
volatile
security invoker
set search_path = ''
as $$ select private.claim_device_number(); $$;
comment on function public.claim_device_number() is 'Gives the calling device a number no other device has (private.claim_device_number).';
revoke execute on function public.claim_device_number() from public, anon;
grant execute on function public.claim_device_number() to authenticated;

create table public.access_log (
  -- Made on the device when the record was opened: a repeated send records it once.
  id uuid primary key,
  table_name text not null check (table_name in ('patients', 'orders', 'results')),
  row_id uuid not null,
  -- Whose record it is (for "who saw this patient"): the patient itself, or the order's patient.
  patient_id uuid not null,
  opened_by uuid not null references auth.users (id) on delete cascade,
  -- When it was opened, by the device's clock (offline openings arrive later).
  opened_at timestamptz not null,
  recorded_at timestamptz not null default clock_timestamp()
);
comment on table public.access_log is 'Append-only log of openings of protected records (patients, orders, results): who, when, which record. Written by record_openings; admins read it.';
create index access_log_patient on public.access_log (patient_id, opened_at);
create index access_log_opened_by on public.access_log (opened_by, opened_at);

alter table public.access_log enable row level security;
revoke all on table public.access_log from anon;
revoke insert, update, delete, truncate, references, trigger on table public.access_log from authenticated, service_role;

create policy "admins read the access log" on public.access_log
  for select to authenticated using ((select private.is_admin()));

-- p_openings: [{"id": uuid, "table_name": text, "row_id": uuid, "patient_id": uuid,
-- "opened_at": timestamptz}]. The opener is always the caller. A time in the future (a
-- device clock running ahead) is recorded as the time the server received it.
create or replace function private.record_openings(p_openings jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  inserted integer;
begin
  if caller is null then
    raise exception 'Sign in to record openings' using errcode = '42501';
  end if;
  if p_openings is null or jsonb_typeof(p_openings) <> 'array' then
    raise exception 'record_openings: p_openings must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_openings) > 1000 then
    raise exception 'record_openings: at most 1000 openings per call' using errcode = '22023';
  end if;
  insert into public.access_log (id, table_name, row_id, patient_id, opened_by, opened_at)
  select (item ->> 'id')::uuid, item ->> 'table_name', (item ->> 'row_id')::uuid, (item ->> 'patient_id')::uuid,
         caller, least((item ->> 'opened_at')::timestamptz, clock_timestamp())
    from jsonb_array_elements(p_openings) as item
  on conflict (id) do nothing;
  get diagnostics inserted = row_count;
  return inserted;
end;
$$;
comment on function private.record_openings(jsonb) is 'Records openings of protected records by the caller (idempotent by id); returns how many were new.';
revoke execute on function private.record_openings(jsonb) from public, anon;
grant execute on function private.record_openings(jsonb) to authenticated;

-- The Data API's entry point runs as the caller (security invoker) and hands over to the
-- private function above, which the API does not expose: no security definer function in
-- schema public (Supabase's lints 0028/0029, tests/database).
create or replace function public.record_openings(p_openings jsonb)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$ select private.record_openings(p_openings); $$;
comment on function public.record_openings(jsonb) is 'Records openings of protected records by the caller, idempotent by id (private.record_openings).';
revoke execute on function public.record_openings(jsonb) from public, anon;
grant execute on function public.record_openings(jsonb) to authenticated;
