-- Every read of patient data through the API is logged where the server serves it
-- (issue 43, item 5; HIPAA's audit controls, 45 CFR 164.312(b)). Reading 16 patients, 14
-- orders and 11 results through the table API, and receiving them over Realtime, left no
-- trace. Now:
--
-- 1. The protected tables (patients, orders, results: `private.synced_tables.patient_column`
--    set) are read only through `sync_pull` (and the master rows `sync_push` answers with):
--    their select policies open only while one of those functions runs (a transaction-local
--    setting, `app.phi_reads`, that only the database's own functions set: the API exposes
--    no way to set a setting, as for `app.audit_actor`, 20261125100002). A direct
--    `GET /rest/v1/patients` answers no rows, a PATCH changes none (an update reads the row
--    first), and `count=exact` counts none.
-- 2. `sync_pull(p_table, p_checkpoint, p_limit, p_ids)` is the one place patient data leaves
--    the database: the rows after a checkpoint in the sync order (_modified, id), or the rows
--    with the given ids, under the caller's RLS, and one `read_log` row per answer that
--    returned any: who, when, which table, which rows, whose (the patients), through what.
--    One compact row per answer, not one per row: a first download of 50,000 orders is ten
--    answers, not 50,000 log rows, and the patients stay indexable (a GIN index on
--    patient_ids answers "who read this patient" with `patient_ids @> array[…]`).
-- 3. Realtime carries no patient data: the protected tables leave the `supabase_realtime`
--    publication; a statement trigger appends a row to `sync_hints` (table name and time,
--    nothing else) once per writing transaction and table, and the devices pull when one
--    arrives ("something changed, pull").
-- 4. `lis_messages.message` (the HL7 text sent to the laboratory: the patient's name, date of
--    birth and coverage) is not readable through the API any more: admins read the queue's
--    state, the functions (service role) the text.

alter table private.synced_tables add column patient_column text
  check (patient_column is null or patient_column in ('id', 'patient_id'));
comment on column private.synced_tables.patient_column is 'Set for the protected tables (patient data): the column naming the row''s patient. Their rows leave the database only through sync_pull, logged in read_log.';
update private.synced_tables set patient_column = 'id' where table_name = 'patients';
update private.synced_tables set patient_column = 'patient_id' where table_name in ('orders', 'results');

create or replace function private.protected_table_patient_column(p_table text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.patient_column from private.synced_tables s where s.table_name = p_table;
$$;
comment on function private.protected_table_patient_column(text) is 'The patient column of a protected synced table; null for any other table.';

-- ---------------------------------------------------------------------------------------
-- The gate.

create or replace function private.phi_reads_open()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('app.phi_reads', true), '') = 'open';
$$;
comment on function private.phi_reads_open() is 'True only while sync_pull, sync_count or sync_push runs: the protected tables'' select policies open then and never through the table API.';

create or replace function private.set_phi_reads(p_open boolean)
returns void
language sql
volatile
set search_path = ''
as $$
  select set_config('app.phi_reads', case when p_open then 'open' else '' end, true);
$$;
comment on function private.set_phi_reads(boolean) is 'Opens or closes the protected tables'' read gate for the rest of the transaction (the logging functions only).';

revoke execute on function private.protected_table_patient_column(text), private.phi_reads_open(), private.set_phi_reads(boolean) from public, anon;
grant execute on function private.protected_table_patient_column(text), private.phi_reads_open(), private.set_phi_reads(boolean) to authenticated, service_role;

drop policy "staff read patients; others those of the orders and results they read" on public.patients;
create policy "staff read patients; others those of the orders and results they read (sync_pull only)" on public.patients
  for select to authenticated
  using ((select private.phi_reads_open()) and ((select private.is_staff()) or id in (select private.readable_patient_ids())));

drop policy "orderers and the provider's login read orders" on public.orders;
create policy "orderers and the provider's login read orders (sync_pull only)" on public.orders
  for select to authenticated using ((select private.phi_reads_open()) and (select private.may_read_orders_of(provider_id)));

drop policy "staff, the provider and results delegates read results" on public.results;
create policy "staff, the provider and results delegates read results (sync_pull only)" on public.results
  for select to authenticated using ((select private.phi_reads_open()) and (select private.may_see_results_of(provider_id)));

-- ---------------------------------------------------------------------------------------
-- The read log.

create table public.read_log (
  id bigint generated always as identity primary key,
  -- No foreign key: the log outlives the account (and an append-only table cannot cascade).
  read_by uuid not null,
  read_at timestamptz not null default clock_timestamp(),
  via text not null check (via in ('sync_pull', 'sync_push', 'download')),
  table_name text not null check (table_name in ('patients', 'orders', 'results')),
  row_ids uuid[] not null check (cardinality(row_ids) > 0),
  -- Whose data it was: the patients of those rows (distinct).
  patient_ids uuid[] not null
);
comment on table public.read_log is 'Append-only log of every read of patient data through the API (sync_pull answers, sync_push master rows, file downloads): who, when, which rows, whose. Admins read it.';
create index read_log_patients on public.read_log using gin (patient_ids);
create index read_log_read_by on public.read_log (read_by, read_at);

alter table public.read_log enable row level security;
revoke all on table public.read_log from anon;
revoke insert, update, delete, truncate, references, trigger on table public.read_log from authenticated, service_role;
create policy "admins read the read log" on public.read_log
  for select to authenticated using ((select private.is_admin()));
create trigger refuse_audit_change before update or delete on public.read_log
  for each row execute function private.refuse_audit_change();
create trigger refuse_audit_truncate before truncate on public.read_log
  for each statement execute function private.refuse_audit_change();

-- Logs the rows (JSON objects of a protected table) a caller was answered with.
create or replace function private.log_phi_rows(p_table text, p_via text, p_rows jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  column_name text := private.protected_table_patient_column(p_table);
  reader uuid := coalesce((select auth.uid()), private.audit_actor());
begin
  if column_name is null or p_rows is null or jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) = 0 then
    return;
  end if;
  if reader is null then
    return; -- the service role acting for nobody (scripts, tests): not a user's read
  end if;
  insert into public.read_log (read_by, via, table_name, row_ids, patient_ids)
  select reader, p_via, p_table,
         array_agg(distinct (r ->> 'id')::uuid),
         coalesce(array_agg(distinct (r ->> column_name)::uuid) filter (where r ->> column_name is not null), '{}')
    from jsonb_array_elements(p_rows) as r;
end;
$$;
comment on function private.log_phi_rows(text, text, jsonb) is 'Appends one read_log row for the protected rows a caller was answered with (nothing for other tables or no rows).';
revoke execute on function private.log_phi_rows(text, text, jsonb) from public, anon;
grant execute on function private.log_phi_rows(text, text, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The pull.

-- p_checkpoint: null (from the start) or {"modified": <the _modified text of the last row
-- pulled>, "id": <its id>}; p_limit: 1..10000 rows; p_ids: instead of a checkpoint, the rows
-- with these ids (at most 1000). Answers {"rows": [...], "checkpoint": {modified, id} of the
-- last row, or the given checkpoint when there is none}. Rows are to_jsonb of the table's
-- rows, as the table API would answer them.
create or replace function public.sync_pull(p_table text, p_checkpoint jsonb default null, p_limit integer default 1000, p_ids uuid[] default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  after_modified timestamptz;
  after_id uuid;
  answer jsonb;
  last jsonb;
begin
  if p_table is null or private.protected_table_patient_column(p_table) is null then
    raise exception 'sync_pull: "%" is not a protected synced table', p_table using errcode = '22023';
  end if;
  if p_ids is not null then
    if cardinality(p_ids) > 1000 then
      raise exception 'sync_pull: at most 1000 ids per call' using errcode = '22023';
    end if;
  else
    if p_limit is null or p_limit < 1 or p_limit > 10000 then
      raise exception 'sync_pull: p_limit must be from 1 to 10000' using errcode = '22023';
    end if;
    if p_checkpoint is not null and jsonb_typeof(p_checkpoint) <> 'null' then
      if jsonb_typeof(p_checkpoint) <> 'object' or p_checkpoint ->> 'modified' is null or p_checkpoint ->> 'id' is null then
        raise exception 'sync_pull: p_checkpoint must be {"modified", "id"} or null' using errcode = '22023';
      end if;
      after_modified := (p_checkpoint ->> 'modified')::timestamptz;
      after_id := (p_checkpoint ->> 'id')::uuid;
    end if;
  end if;

  perform private.set_phi_reads(true);
  if p_ids is not null then
    execute format('select coalesce(jsonb_agg(to_jsonb(t) order by t._modified, t.id), ''[]'') from public.%I t where t.id = any ($1)', p_table)
      into answer using p_ids;
  elsif after_modified is null then
    execute format('select coalesce(jsonb_agg(to_jsonb(t) order by t._modified, t.id), ''[]'')
                      from (select * from public.%I t order by t._modified, t.id limit $1) t', p_table)
      into answer using p_limit;
  else
    execute format('select coalesce(jsonb_agg(to_jsonb(t) order by t._modified, t.id), ''[]'')
                      from (select * from public.%I t where (t._modified, t.id) > ($1, $2) order by t._modified, t.id limit $3) t', p_table)
      into answer using after_modified, after_id, p_limit;
  end if;
  perform private.set_phi_reads(false);

  perform private.log_phi_rows(p_table, 'sync_pull', answer);
  last := answer -> -1;
  return jsonb_build_object(
    'rows', answer,
    'checkpoint', case
      when p_ids is not null then null
      when last is not null then jsonb_build_object('modified', last ->> '_modified', 'id', last ->> 'id')
      when after_modified is not null then p_checkpoint
    end);
end;
$$;
comment on function public.sync_pull(text, jsonb, integer, uuid[]) is 'Replication pull of a protected table (patients, orders, results) under the caller''s RLS: rows after a checkpoint (or by id), logged in read_log. The one place patient data leaves the database.';
revoke execute on function public.sync_pull(text, jsonb, integer, uuid[]) from public, anon, service_role;
grant execute on function public.sync_pull(text, jsonb, integer, uuid[]) to authenticated;

-- How many rows of a protected table the caller's pull will bring (a first download's
-- progress); a number, no patient data, so not logged.
create or replace function public.sync_count(p_table text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  total bigint;
begin
  if p_table is null or private.protected_table_patient_column(p_table) is null then
    raise exception 'sync_count: "%" is not a protected synced table', p_table using errcode = '22023';
  end if;
  perform private.set_phi_reads(true);
  execute format('select count(*) from public.%I', p_table) into total;
  perform private.set_phi_reads(false);
  return total;
end;
$$;
comment on function public.sync_count(text) is 'How many rows of a protected table the caller may pull (no patient data).';
revoke execute on function public.sync_count(text) from public, anon, service_role;
grant execute on function public.sync_count(text) to authenticated;

-- ---------------------------------------------------------------------------------------
-- The push reads master rows (to compare, and to answer conflicts and refusals with): the
-- gate is open while it runs, and the protected rows it answers with are logged. The push
-- itself moves to schema private unchanged; public.sync_push wraps it.

alter function public.sync_push(text, jsonb) set schema private;
alter function private.sync_push(text, jsonb) rename to apply_push;
comment on function private.apply_push(text, jsonb) is 'The replication push (20261125000001) under the caller''s RLS; called by public.sync_push, which opens the protected tables'' read gate and logs what it answers.';
revoke execute on function private.apply_push(text, jsonb) from public, anon, service_role;
grant execute on function private.apply_push(text, jsonb) to authenticated;

create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  protected boolean := private.protected_table_patient_column(p_table) is not null;
  answer jsonb;
begin
  if protected then
    perform private.set_phi_reads(true);
  end if;
  answer := private.apply_push(p_table, p_rows);
  if protected then
    perform private.set_phi_reads(false);
    perform private.log_phi_rows(p_table, 'sync_push',
      (select jsonb_agg(m) from (
         select c as m from jsonb_array_elements(answer -> 'conflicts') as c
         union all
         select r -> 'master' from jsonb_array_elements(answer -> 'rejected') as r where jsonb_typeof(r -> 'master') = 'object') masters));
  end if;
  return answer;
end;
$$;
comment on function public.sync_push(text, jsonb) is 'Replication push: applies a batch of rows of one registered synced table under RLS (private.apply_push), returning {conflicts: [master rows], rejected: [{id, code, message, master}]}; protected master rows answered are logged in read_log.';
revoke execute on function public.sync_push(text, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------
-- Realtime: hints, not rows.

create table public.sync_hints (
  id bigint generated always as identity primary key,
  table_name text not null check (table_name in ('patients', 'orders', 'results')),
  changed_at timestamptz not null default clock_timestamp()
);
comment on table public.sync_hints is 'One row per writing transaction and protected table: the Realtime hint that a device should pull (sync_pull). Carries no patient data; kept an hour.';
alter table public.sync_hints enable row level security;
revoke all on table public.sync_hints from anon, authenticated;
grant select on table public.sync_hints to authenticated;
create policy "accounts with a role read the hints" on public.sync_hints
  for select to authenticated using ((select private.my_account_active()));

-- Insert-only (no row two writers would both lock): once per transaction and table, and an
-- hour-old hint or twenty dropped on the way, skipping those another transaction holds.
create or replace function private.hint_sync()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  marker text := 'app.sync_hint_' || tg_table_name;
begin
  if current_setting(marker, true) is not distinct from txid_current()::text then
    return null;
  end if;
  perform set_config(marker, txid_current()::text, true);
  insert into public.sync_hints (table_name) values (tg_table_name);
  delete from public.sync_hints where id in (
    select h.id from public.sync_hints h where h.changed_at < now() - interval '1 hour' order by h.id limit 20 for update skip locked);
  return null;
end;
$$;
comment on function private.hint_sync() is 'Statement trigger of the protected tables: one sync_hints row per writing transaction and table.';
revoke execute on function private.hint_sync() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['patients', 'orders', 'results']
  loop
    execute format('create trigger sync_hint after insert or update on public.%I for each statement execute function private.hint_sync()', t);
    if exists (select 1 from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
      execute format('alter publication supabase_realtime drop table public.%I', t);
    end if;
  end loop;
  alter publication supabase_realtime add table public.sync_hints;
end;
$$;

-- ---------------------------------------------------------------------------------------
-- The laboratory queue: its state for admins, its text (patient data) for the functions.

revoke select on table public.lis_messages from authenticated;
grant select (id, order_id, version, kind, control_id, status, attempts, next_attempt_at, lease_until, last_error,
  ack_code, ack_text, acked_at, duplicate, created_at, updated_at) on table public.lis_messages to authenticated;

-- ---------------------------------------------------------------------------------------
-- Staff match a queued laboratory message to an order by its requisition number (the
-- result queue): the order's id and status, read under the caller's RLS and logged as a
-- read of that order.
create or replace function public.order_by_requisition(p_requisition text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  found jsonb;
begin
  perform private.set_phi_reads(true);
  select jsonb_build_object('id', o.id, 'status', o.status, 'patient_id', o.patient_id) into found
    from public.orders o
   where o.requisition_number = upper(btrim(p_requisition)) and not o._deleted;
  perform private.set_phi_reads(false);
  if found is null then
    return null;
  end if;
  perform private.log_phi_rows('orders', 'sync_pull', jsonb_build_array(found));
  return found - 'patient_id';
end;
$$;
comment on function public.order_by_requisition(text) is 'The id and status of the order with this requisition number, if the caller may read it (logged in read_log).';
revoke execute on function public.order_by_requisition(text) from public, anon, service_role;
grant execute on function public.order_by_requisition(text) to authenticated;
