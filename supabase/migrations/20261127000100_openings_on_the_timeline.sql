-- Openings of protected records on the timeline (issue 27: "patient records opened"). The
-- access log stays the admins' record of every opening; each new opening also becomes an
-- audit row with the action 'open', so the timeline and a patient's Activity tab show who
-- opened the record and when, with the staff's read access of the audit log (staff may
-- open any patient, so the fact that one was opened tells them nothing they may not see).

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in ('insert', 'update', 'delete', 'open'));

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
  with added as (
    insert into public.access_log (id, table_name, row_id, patient_id, opened_by, opened_at)
    select (item ->> 'id')::uuid, item ->> 'table_name', (item ->> 'row_id')::uuid, (item ->> 'patient_id')::uuid,
           caller, least((item ->> 'opened_at')::timestamptz, clock_timestamp())
      from jsonb_array_elements(p_openings) as item
    on conflict (id) do nothing
    returning table_name, row_id, patient_id, opened_by, opened_at
  )
  insert into public.audit_log (table_name, row_id, action, changed_by, changed_at, row_data)
  select table_name, row_id, 'open', opened_by, opened_at, jsonb_build_object('patient_id', patient_id)
    from added;
  get diagnostics inserted = row_count;
  return inserted;
end;
$$;
comment on function private.record_openings(jsonb) is 'Records openings of protected records by the caller (idempotent by id), in the access log and on the timeline; returns how many were new.';
revoke execute on function private.record_openings(jsonb) from public, anon;
grant execute on function private.record_openings(jsonb) to authenticated;
