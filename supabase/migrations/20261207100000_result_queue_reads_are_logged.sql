-- The result queue names patients (issue 43, "look for the same pattern elsewhere"): a
-- message the server would not file keeps the patient's name (patient_name), both
-- identities of a mismatch (order_patient, message_patient), an error text that repeats them
-- and the HL7 text. Staff read it through the table API, unlogged. Now those columns leave
-- the database only through `result_queue`, which answers a page of the queue and logs it in
-- read_log (who, when, which queued messages, and the patients of the orders they name),
-- as sync_pull does for patients, orders and results. The table API keeps what counts and
-- states need and names nobody (the dashboard's "waiting" count, a message's status).

alter table public.read_log drop constraint read_log_via_check;
alter table public.read_log add constraint read_log_via_check
  check (via in ('sync_pull', 'sync_push', 'download', 'audit', 'result_queue'));
alter table public.read_log drop constraint read_log_table_name_check;
alter table public.read_log add constraint read_log_table_name_check
  check (table_name in ('patients', 'orders', 'results', 'result_inbox_errors'));
comment on table public.read_log is 'Append-only log of every read of patient data through the API (sync_pull answers, sync_push master rows, file downloads, pages of the result queue): who, when, which rows, whose. Admins read it.';

revoke select on table public.result_inbox_errors from authenticated;
grant select (id, received_at, status, kind, times_received, last_received_at, resolved_at) on table public.result_inbox_errors to authenticated;

-- The page itself runs as its owner (the caller reads none of these columns), in the schema the
-- API does not expose; public.result_queue below is the caller's door to it.
create or replace function private.result_queue_page(p_open boolean, p_limit integer)
returns table (
  id uuid,
  received_at timestamptz,
  control_id text,
  placer_order_number text,
  patient_name text,
  error text,
  status text,
  reason text,
  resolved_at timestamptz,
  order_id uuid,
  kind text,
  times_received integer,
  last_received_at timestamptz,
  candidate_order_id uuid,
  order_patient text,
  message_patient text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  page public.result_inbox_errors[];
  reader uuid := (select auth.uid());
begin
  if reader is null or not private.is_staff() then
    raise exception 'Only staff can read the result queue.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception 'p_limit must be from 1 to 500' using errcode = '22023';
  end if;
  -- The open messages oldest first (the order they are worked in); the resolved newest first.
  select coalesce(array_agg(q order by case when p_open then q.received_at end asc, case when not p_open then q.resolved_at end desc), '{}')
    into page
    from (
      select e.* from public.result_inbox_errors e
       where (e.status = 'open') = p_open
       order by case when p_open then e.received_at end asc, case when not p_open then e.resolved_at end desc
       limit p_limit
    ) q;
  if cardinality(page) > 0 then
    insert into public.read_log (read_by, via, table_name, row_ids, patient_ids)
    select reader, 'result_queue', 'result_inbox_errors',
           (select array_agg(distinct e.id) from unnest(page) e),
           coalesce((select array_agg(distinct o.patient_id)
                       from unnest(page) e
                       join public.orders o on o.id in (e.order_id, e.candidate_order_id)), '{}');
  end if;
  return query
    select e.id, e.received_at, e.control_id, e.placer_order_number, e.patient_name, e.error, e.status, e.reason,
           e.resolved_at, e.order_id, e.kind, e.times_received, e.last_received_at, e.candidate_order_id,
           e.order_patient, e.message_patient
      from unnest(page) with ordinality as e
     order by ordinality;
end;
$$;
comment on function private.result_queue_page(boolean, integer) is 'A page of the result queue for staff, logged in read_log (public.result_queue calls it).';
revoke execute on function private.result_queue_page(boolean, integer) from public, anon, service_role;
grant execute on function private.result_queue_page(boolean, integer) to authenticated;

create or replace function public.result_queue(p_open boolean, p_limit integer default 200)
returns table (
  id uuid,
  received_at timestamptz,
  control_id text,
  placer_order_number text,
  patient_name text,
  error text,
  status text,
  reason text,
  resolved_at timestamptz,
  order_id uuid,
  kind text,
  times_received integer,
  last_received_at timestamptz,
  candidate_order_id uuid,
  order_patient text,
  message_patient text
)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.result_queue_page(p_open, p_limit);
$$;
comment on function public.result_queue(boolean, integer) is 'A page of the result queue (the open messages oldest first, or the resolved newest first) for staff, logged in read_log: the one way its patient names leave the database.';
revoke execute on function public.result_queue(boolean, integer) from public, anon, service_role;
grant execute on function public.result_queue(boolean, integer) to authenticated;
