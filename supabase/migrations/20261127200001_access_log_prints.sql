-- Printing an order's documents is audited like opening it (issue 31: "every requisition
-- printed writes an audit row"): the access log gains what was done with the record. An
-- opening stays 'opened'; the requisition, the specimen labels and the ABN each have their
-- own action. The device queues a print like an opening (outbox, with its own id and time)
-- and record_openings writes it once, as the caller's; as for an opening
-- (20261127000100_openings_on_the_timeline.sql), each new print is also an audit row, with
-- the action 'print', so the timeline shows who printed what and when.

alter table public.access_log
  add column action text not null default 'opened'
  check (action in ('opened', 'printed_requisition', 'printed_labels', 'printed_abn'));
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in ('insert', 'update', 'delete', 'open', 'print'));

comment on column public.access_log.action is 'What was done: opened, or printed_requisition, printed_labels, printed_abn (an order''s documents).';

-- p_openings: [{"id": uuid, "table_name": text, "row_id": uuid, "patient_id": uuid,
-- "opened_at": timestamptz, "action": text (optional, 'opened' when absent)}].
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
    insert into public.access_log (id, table_name, row_id, patient_id, opened_by, opened_at, action)
    select (item ->> 'id')::uuid, item ->> 'table_name', (item ->> 'row_id')::uuid, (item ->> 'patient_id')::uuid,
           caller, least((item ->> 'opened_at')::timestamptz, clock_timestamp()), coalesce(item ->> 'action', 'opened')
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
comment on function private.record_openings(jsonb) is 'Records openings and prints of protected records by the caller (idempotent by id), in the access log and on the timeline; returns how many were new.';
revoke execute on function private.record_openings(jsonb) from public, anon;
grant execute on function private.record_openings(jsonb) to authenticated;
