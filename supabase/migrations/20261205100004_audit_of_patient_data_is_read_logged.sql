-- The audit trail of patient data is patient data (issue 43, "more of the same kind"): an
-- insert or delete row of patients, orders or results carries the whole record in
-- `row_data`, an update its changed values in `changed_fields`. Staff read audit_log through
-- the table API, so those values left the database unlogged (and the timeline kept them).
-- Now those rows (table patients/orders/results, action insert/update/delete) open only
-- through `audit_page`, the timeline's read, which logs every such row it answers with in
-- read_log (via 'audit'); every other audit row (the directory's history, openings, prints,
-- distributions, attachments, which carry at most a patient's id) reads as before.

alter table public.read_log drop constraint read_log_via_check;
alter table public.read_log add constraint read_log_via_check check (via in ('sync_pull', 'sync_push', 'download', 'audit'));

-- The patient of a row of patients/orders/results (the owner's read; null for none).
create or replace function private.patient_of_row(p_table text, p_row uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select case p_table
    when 'patients' then p_row
    when 'orders' then (select o.patient_id from public.orders o where o.id = p_row)
    when 'results' then (select r.patient_id from public.results r where r.id = p_row)
  end;
$$;
comment on function private.patient_of_row(text, uuid) is 'The patient a patients/orders/results row belongs to.';
revoke execute on function private.patient_of_row(text, uuid) from public, anon;
grant execute on function private.patient_of_row(text, uuid) to authenticated, service_role;

drop policy "staff read the audit log" on public.audit_log;
create policy "staff read the audit log; patient data's changes through audit_page" on public.audit_log
  for select to authenticated
  using ((select private.is_staff()) and (
    table_name not in ('patients', 'orders', 'results') or action not in ('insert', 'update', 'delete')
    or (select private.phi_reads_open())));

-- Logs the audit rows of patient data an answer held (one read_log row per table).
create or replace function private.log_audit_rows(p_rows jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  reader uuid := (select auth.uid());
begin
  if reader is null or p_rows is null or jsonb_array_length(p_rows) = 0 then
    return;
  end if;
  insert into public.read_log (read_by, via, table_name, row_ids, patient_ids)
  select reader, 'audit', t.table_name, array_agg(distinct t.row_id),
         coalesce(array_agg(distinct t.patient_id) filter (where t.patient_id is not null), '{}')
    from (
      select r ->> 'table_name' as table_name, (r ->> 'row_id')::uuid as row_id,
             coalesce((r -> 'row_data' ->> 'patient_id')::uuid, private.patient_of_row(r ->> 'table_name', (r ->> 'row_id')::uuid)) as patient_id
        from jsonb_array_elements(p_rows) as r
       where r ->> 'table_name' in ('patients', 'orders', 'results') and r ->> 'action' in ('insert', 'update', 'delete')) t
   group by t.table_name;
end;
$$;
comment on function private.log_audit_rows(jsonb) is 'Appends read_log rows (via audit) for the audit rows of patient data a caller was answered with.';
revoke execute on function private.log_audit_rows(jsonb) from public, anon;
grant execute on function private.log_audit_rows(jsonb) to authenticated, service_role;

-- The timeline's page of the audit trail, newest first: the filters of
-- src/lib/timeline/audit-query.ts (a kind of record, one record, who, what, a day range;
-- null for none) and a keyset bound on the id (p_before: older than; p_after: newer than).
create or replace function public.audit_page(
  p_table text default null, p_row_id uuid default null, p_user uuid default null, p_action text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_before bigint default null, p_after bigint default null,
  p_limit integer default 50)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  conditions text[] := array['true'];
  answer jsonb;
begin
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'audit_page: p_limit must be from 1 to 1000' using errcode = '22023';
  end if;
  if p_table is not null then conditions := array_append(conditions, 'a.table_name = $1'); end if;
  if p_row_id is not null then conditions := array_append(conditions, 'a.row_id = $2'); end if;
  if p_user is not null then conditions := array_append(conditions, 'a.changed_by = $3'); end if;
  if p_action is not null then conditions := array_append(conditions, 'a.action = $4'); end if;
  if p_from is not null then conditions := array_append(conditions, 'a.changed_at >= $5'); end if;
  if p_to is not null then conditions := array_append(conditions, 'a.changed_at < $6'); end if;
  if p_before is not null then conditions := array_append(conditions, 'a.id < $7'); end if;
  if p_after is not null then conditions := array_append(conditions, 'a.id > $8'); end if;
  perform private.set_phi_reads(true);
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(t) order by t.id desc), ''[]'') from (
       select a.id, a.table_name, a.row_id, a.action, a.changed_by, a.changed_at, a.changed_fields, a.row_data
         from public.audit_log a where %s order by a.id desc limit $9) t',
    array_to_string(conditions, ' and '))
    into answer
    using p_table, p_row_id, p_user, p_action, p_from, p_to, p_before, p_after, p_limit;
  perform private.set_phi_reads(false);
  perform private.log_audit_rows(answer);
  return answer;
end;
$$;
comment on function public.audit_page(text, uuid, uuid, text, timestamptz, timestamptz, bigint, bigint, integer) is 'The timeline''s page of the audit trail under the caller''s RLS, newest first; the changes of patient data it answers with are logged in read_log.';
revoke execute on function public.audit_page(text, uuid, uuid, text, timestamptz, timestamptz, bigint, bigint, integer) from public, anon, service_role;
grant execute on function public.audit_page(text, uuid, uuid, text, timestamptz, timestamptz, bigint, bigint, integer) to authenticated;
