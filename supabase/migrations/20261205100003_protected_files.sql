-- Files of patient data (issue 43, items 6, 7 and 8): the order attachments (a signed ABN's
-- scan: evidence) and the laboratory's result reports. Users reached both through Storage
-- directly: a signed ABN could be replaced on a resulted order with no trace, a signed link
-- could be asked for ten years and outlived the user's access, and the bytes were stored as
-- whatever type the client named. Now users do not reach these buckets' objects at all
-- (no policy on storage.objects lets them read, sign, add or replace one); every upload and
-- download goes through the Edge Function `protected-files`, which:
-- - asks the database, as the caller, what they may do with the object
--   (`protected_file_access`: read it; add it; replace it, only while its order is a draft),
-- - checks the bytes are what the product accepts (PDF, JPEG, PNG, HEIC, WebP) and what the
--   client said they are,
-- - never overwrites an attachment once its order is past draft (a new file is added beside),
-- - writes an audit row for every upload ('attach') and download ('download') under the
--   caller, and a read_log row for every download (`record_file_event`, service role only),
-- - hands the bytes back itself; signed links are made only by the server's functions,
--   capped at minutes (_shared/files/signed-links.ts).

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('insert', 'update', 'delete', 'open', 'print', 'distribute', 'attach', 'download'));

do $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  drop policy if exists "order attachments: read by who may see the order's patient" on storage.objects;
  drop policy if exists "order attachments: added by who may order for the provider" on storage.objects;
  drop policy if exists "order attachments: replaced by who may order for the provider" on storage.objects;
  drop policy if exists "result reports: those who may see the result" on storage.objects;
end;
$$;

-- What the caller may do with an object of a protected bucket, and whose it is:
-- {read, add, replace, table_name, row_id, patient_id, exists, sha256}. Nothing for an
-- object of no known order or result, or of another bucket.
create or replace function private.protected_file_access(p_bucket text, p_name text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  o public.orders;
  r public.results;
  stored jsonb;
  answer jsonb;
begin
  if p_bucket = 'order-attachments' then
    select * into o from private.attachment_order(p_name);
    if o.id is not null then
      answer := jsonb_build_object(
        'read', private.may_read_orders_of(o.provider_id),
        'add', private.may_order_for(o.provider_id),
        'replace', private.may_order_for(o.provider_id) and o.status = 'draft',
        'table_name', 'orders', 'row_id', o.id, 'patient_id', o.patient_id);
    end if;
  elsif p_bucket = 'result-reports' then
    select * into r from public.results where report_path = p_name and not _deleted limit 1;
    if r.id is not null then
      answer := jsonb_build_object(
        'read', private.may_see_results_of(r.provider_id), 'add', false, 'replace', false,
        'table_name', 'results', 'row_id', r.id, 'patient_id', r.patient_id);
    end if;
  end if;
  -- Nothing, not even whether the object exists, for a caller who may neither read nor add it.
  if answer is null or not coalesce((answer ->> 'read')::boolean or (answer ->> 'add')::boolean, false) then
    return jsonb_build_object('read', false, 'add', false, 'replace', false, 'exists', false, 'sha256', null);
  end if;
  if to_regclass('storage.objects') is not null then
    execute 'select jsonb_build_object(''sha256'', user_metadata ->> ''sha256'') from storage.objects where bucket_id = $1 and name = $2'
      into stored using p_bucket, p_name;
  end if;
  return answer || jsonb_build_object('exists', stored is not null, 'sha256', stored ->> 'sha256');
end;
$$;
comment on function private.protected_file_access(text, text) is 'What the caller may do with an object of order-attachments or result-reports (read, add, replace while the order is a draft) and whose record it belongs to.';
revoke execute on function private.protected_file_access(text, text) from public, anon;
grant execute on function private.protected_file_access(text, text) to authenticated;

create or replace function public.protected_file_access(p_bucket text, p_name text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$ select private.protected_file_access(p_bucket, p_name); $$;
comment on function public.protected_file_access(text, text) is 'What the caller may do with an object of a protected bucket (private.protected_file_access); asked by the protected-files function as the caller.';
revoke execute on function public.protected_file_access(text, text) from public, anon, service_role;
grant execute on function public.protected_file_access(text, text) to authenticated;

-- The service role (the protected-files function, after the caller's access was checked)
-- records what a user did with a file: an audit row ('attach' or 'download') under that
-- user, and for a download a read_log row. Not callable by users.
create or replace function public.record_file_event(p_actor uuid, p_table text, p_row uuid, p_patient uuid, p_action text, p_detail jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_actor is null or p_row is null or p_patient is null or p_table not in ('orders', 'results') or p_action not in ('attach', 'download') then
    raise exception 'record_file_event: an actor, an order or result, its patient and attach or download are required' using errcode = '22023';
  end if;
  insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
  values (p_table, p_row, p_action, p_actor, coalesce(p_detail, '{}'::jsonb) || jsonb_build_object('patient_id', p_patient));
  if p_action = 'download' then
    insert into public.read_log (read_by, via, table_name, row_ids, patient_ids)
    values (p_actor, 'download', p_table, array[p_row], array[p_patient]);
  end if;
end;
$$;
comment on function public.record_file_event(uuid, text, uuid, uuid, text, jsonb) is 'Service role: audits an upload (attach) or download of a protected file under the user it was done for; a download is also a read_log row.';
revoke execute on function public.record_file_event(uuid, text, uuid, uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_file_event(uuid, text, uuid, uuid, text, jsonb) to service_role;
