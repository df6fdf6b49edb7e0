-- Openings are the server's fact (issue 43, item 5). record_openings took the device's word
-- for everything but the opener: a caller with no role could record an opening of a row
-- that does not exist or that they cannot see, name any patient, and date it 2001-01-01.
-- Now an opening (or a print) is recorded only for a row the caller may read at that
-- moment, its patient is the row's own (looked up by the server), and its time is the
-- server's: `opened_at` is when the server recorded it. The device's clock is kept beside
-- it as `device_opened_at` (offline openings arrive later; the difference is informative,
-- never the record). A call naming any row the caller may not read, or that does not
-- exist, is refused as a whole (42501) and records nothing.

alter table public.access_log add column device_opened_at timestamptz;
comment on column public.access_log.opened_at is 'When the server recorded the opening (its clock, never the device''s).';
comment on column public.access_log.device_opened_at is 'When the device says the record was opened (its clock; offline openings arrive later). Informative only.';

-- The patient of a protected row, when the caller may read that row (null otherwise, and
-- for a row that does not exist). Read as the owner: the caller's own read of the table is
-- not what decides (their policies are gated to the logging reads, 20261205100002).
create or replace function private.readable_row_patient(p_table text, p_row uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select case p_table
    when 'patients' then (select p.id from public.patients p where p.id = p_row and private.may_read_patient(p.id))
    when 'orders' then (select o.patient_id from public.orders o where o.id = p_row and private.may_read_orders_of(o.provider_id))
    when 'results' then (select r.patient_id from public.results r where r.id = p_row and private.may_see_results_of(r.provider_id))
  end;
$$;
comment on function private.readable_row_patient(text, uuid) is 'The patient of a patients/orders/results row the caller may read; null when the row is unknown or not theirs to read.';
revoke execute on function private.readable_row_patient(text, uuid) from public, anon;
grant execute on function private.readable_row_patient(text, uuid) to authenticated, service_role;

-- p_openings: [{"id": uuid, "table_name": text, "row_id": uuid, "opened_at": timestamptz
-- (the device's time, kept as device_opened_at), "action": text (optional)}]; a
-- "patient_id" the device sends is ignored: the server looks it up.
create or replace function private.record_openings(p_openings jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  refused jsonb;
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
  select item into refused
    from jsonb_array_elements(p_openings) as item
   where (item ->> 'table_name') in ('patients', 'orders', 'results')
     and private.readable_row_patient(item ->> 'table_name', (item ->> 'row_id')::uuid) is null
   limit 1;
  if refused is not null then
    raise exception 'You may not open % %: it does not exist or is not yours to read', refused ->> 'table_name', refused ->> 'row_id'
      using errcode = '42501';
  end if;
  with added as (
    insert into public.access_log (id, table_name, row_id, patient_id, opened_by, opened_at, device_opened_at, action)
    select (item ->> 'id')::uuid, item ->> 'table_name', (item ->> 'row_id')::uuid,
           private.readable_row_patient(item ->> 'table_name', (item ->> 'row_id')::uuid),
           caller, clock_timestamp(), (item ->> 'opened_at')::timestamptz, coalesce(item ->> 'action', 'opened')
      from jsonb_array_elements(p_openings) as item
    on conflict (id) do nothing
    returning table_name, row_id, patient_id, opened_by, opened_at, action
  )
  insert into public.audit_log (table_name, row_id, action, changed_by, changed_at, row_data)
  select table_name, row_id, case when action = 'opened' then 'open' else 'print' end, opened_by, opened_at,
         case when action = 'opened' then jsonb_build_object('patient_id', patient_id)
              else jsonb_build_object('patient_id', patient_id, 'printed', action) end
    from added;
  get diagnostics inserted = row_count;
  return inserted;
end;
$$;
comment on function private.record_openings(jsonb) is 'Records openings and prints of rows the caller may read (idempotent by id), at the server''s time, in the access log and on the timeline; refuses the call if any row is unknown or not the caller''s to read.';
revoke execute on function private.record_openings(jsonb) from public, anon;
grant execute on function private.record_openings(jsonb) to authenticated;
