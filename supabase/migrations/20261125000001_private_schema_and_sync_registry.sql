-- Groundwork for the second wave of tables (patients, orders, results, alerts, pickup
-- requests, …):
--
-- 1. A `private` schema for the helpers that policies call. The Data API exposes only the
--    schemas in its `db_schemas` (public), so nothing here is callable through
--    /rest/v1/rpc, while policies (which run as the caller) may still use it: USAGE and
--    EXECUTE are granted to the API roles, as Supabase documents for RLS helper functions.
--    The public helpers become thin wrappers of these until every policy has moved over.
-- 2. One registry of the synced tables (`private.synced_tables`) and one function that
--    makes a table synced (`private.register_synced_table`): the (_modified, id) index,
--    the per-table clock and its trigger, the realtime publication, the audit triggers,
--    row-level security on and no privilege for anonymous callers. sync_push reads the
--    registry, so a migration that adds a synced table never redefines it.

create schema if not exists private;
comment on schema private is 'Helpers for row-level security policies and internal bookkeeping; not exposed by the Data API.';
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Policy helpers (same meaning as the public ones of 20261121000001).

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin' and not r._deleted
  );
$$;
comment on function private.is_admin() is 'True when the caller has an active admin role.';

create or replace function private.is_provider_user()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'provider' and not r._deleted
  ) and not private.is_admin();
$$;
comment on function private.is_provider_user() is 'True when the caller is a provider login (role provider) and not an admin.';

create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and not private.is_provider_user();
$$;
comment on function private.is_staff() is 'True when the caller may read and edit the whole directory (staff or admin).';

create or replace function private.my_provider_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.provider_id from public.profiles p
  where p.id = (select auth.uid()) and not p._deleted;
$$;
comment on function private.my_provider_id() is 'The provider record linked to the caller''s profile (null for staff without one).';

revoke execute on all functions in schema private from public, anon;
grant execute on function private.is_admin(), private.is_provider_user(), private.is_staff(),
  private.my_provider_id() to authenticated, service_role;

create or replace function public.is_admin() returns boolean language sql stable security definer set search_path = ''
as $$ select private.is_admin(); $$;
create or replace function public.is_provider_user() returns boolean language sql stable security definer set search_path = ''
as $$ select private.is_provider_user(); $$;
create or replace function public.is_staff() returns boolean language sql stable security definer set search_path = ''
as $$ select private.is_staff(); $$;
create or replace function public.my_provider_id() returns uuid language sql stable security definer set search_path = ''
as $$ select private.my_provider_id(); $$;

-- ---------------------------------------------------------------------------------------
-- The registry of synced tables.

create table private.synced_tables (
  table_name text primary key,
  audited boolean not null default true,
  registered_at timestamptz not null default now()
);
comment on table private.synced_tables is 'The public tables that replicate to browsers (sync_push accepts rows of these only).';
revoke all on table private.synced_tables from public, anon, authenticated;

insert into private.synced_tables (table_name, audited) values
  ('organizations', true), ('providers', true), ('profiles', false), ('user_roles', true),
  ('provider_organization_memberships', true), ('provider_preferences', true),
  ('provider_delegate_approvals', true);

create or replace function private.is_synced_table(p_table text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.synced_tables s where s.table_name = p_table);
$$;
comment on function private.is_synced_table(text) is 'True when public.<p_table> is a registered synced table.';
revoke execute on function private.is_synced_table(text) from public, anon;
grant execute on function private.is_synced_table(text) to authenticated, service_role;

-- Makes public.<p_table> a synced table. The table must have `id uuid primary key`,
-- `_modified timestamptz not null default clock_timestamp()` and
-- `_deleted boolean not null default false`. Idempotent. The caller's migration still
-- writes the table's policies (RLS is enabled here with none, so it is closed until then).
create or replace function private.register_synced_table(p_table text, p_audited boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if to_regclass(format('public.%I', p_table)) is null then
    raise exception 'register_synced_table: public.% does not exist', p_table;
  end if;
  execute format('create index if not exists %I on public.%I (_modified, id)', p_table || '_sync_order', p_table);
  execute format('create sequence if not exists sync_clock.%I as bigint minvalue 0', p_table);
  execute format('drop trigger if exists touch_modified on public.%I', p_table);
  execute format('create trigger touch_modified before insert or update on public.%I
                  for each row execute function public.touch_modified()', p_table);
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = p_table
  ) then
    execute format('alter publication supabase_realtime add table public.%I', p_table);
  end if;
  if p_audited then
    execute format('drop trigger if exists audit_inserted_rows on public.%I', p_table);
    execute format('drop trigger if exists audit_updated_rows on public.%I', p_table);
    execute format('drop trigger if exists audit_deleted_rows on public.%I', p_table);
    execute format('create trigger audit_inserted_rows after insert on public.%I
                    referencing new table as new_rows
                    for each statement execute function public.audit_inserted_rows()', p_table);
    execute format('create trigger audit_updated_rows after update on public.%I
                    referencing old table as old_rows new table as new_rows
                    for each statement execute function public.audit_updated_rows()', p_table);
    execute format('create trigger audit_deleted_rows after delete on public.%I
                    referencing old table as old_rows
                    for each statement execute function public.audit_deleted_rows()', p_table);
  end if;
  execute format('alter table public.%I enable row level security', p_table);
  execute format('revoke all on table public.%I from anon', p_table);
  execute format('revoke delete, truncate, references, trigger on table public.%I from authenticated', p_table);
  insert into private.synced_tables (table_name, audited) values (p_table, p_audited)
  on conflict (table_name) do update set audited = excluded.audited;
end;
$$;
comment on function private.register_synced_table(text, boolean) is 'Makes public.<table> a synced table: sync index, clock trigger, realtime publication, audit triggers, RLS on, nothing for anon; records it in private.synced_tables.';
revoke execute on function private.register_synced_table(text, boolean) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- sync_push, unchanged but for where the list of synced tables comes from.

create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  all_columns text[];
  lock_sql text;
  read_sql text;
  update_sql text;
  insert_columns text;
  item jsonb;
  new_row jsonb;
  assumed jsonb;
  row_id uuid;
  master jsonb;
  affected int;
  conflicts jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  err_state text;
  err_message text;
  err_constraint text;
begin
  if p_table is null or not private.is_synced_table(p_table) then
    raise exception 'sync_push: "%" is not a synced table', p_table using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_push: p_rows must be a JSON array' using errcode = '22023';
  end if;

  -- The table's writable columns; _modified is the trigger's to set.
  select array_agg(a.attname::text order by a.attnum) into all_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', p_table)::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname <> '_modified';

  lock_sql := format('select to_jsonb(t) from public.%I as t where t.id = $1 for update', p_table);
  read_sql := format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table);
  -- An update sets every column but id and created_at from `new`; a column missing from
  -- `new` keeps its current value (jsonb_populate_record over the current row).
  select format('update public.%1$I as t set (%2$s) = (select %2$s from jsonb_populate_record(t, $1)) where t.id = $2',
                p_table, string_agg(format('%I', c), ', '))
    into update_sql
    from unnest(all_columns) as c
   where c not in ('id', 'created_at');

  for item in select value from jsonb_array_elements(p_rows) loop
    new_row := item -> 'new';
    assumed := nullif(item -> 'assumed', 'null'::jsonb);
    row_id := null;
    master := null;
    begin
      if new_row is null or jsonb_typeof(new_row) <> 'object' then
        raise exception 'sync_push: each row needs a "new" object' using errcode = '22023';
      end if;
      row_id := (new_row ->> 'id')::uuid;
      if row_id is null then
        raise exception 'sync_push: a row has no id' using errcode = '22023';
      end if;

      -- The current master row, locked until the end of the push (FOR UPDATE sees only
      -- rows the caller may both select and update).
      execute lock_sql into master using row_id;

      if assumed is null then
        if master is null then
          -- A row the caller may read but not update is no new row either: it comes back
          -- as a conflict to compare with.
          execute read_sql into master using row_id;
        end if;
        if master is not null then
          conflicts := conflicts || jsonb_build_array(master);
        else
          -- Insert only the columns the client sent, so the others get their defaults.
          select string_agg(format('%I', c), ', ') into insert_columns
            from unnest(all_columns) as c
           where new_row ? c;
          execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                         p_table, insert_columns)
            using new_row;
        end if;
      elsif master is null then
        execute read_sql into master using row_id;
        if master is not null then
          raise exception 'permission denied to update row % of table %', row_id, p_table using errcode = '42501';
        end if;
        raise exception 'row % of table % does not exist or is not visible', row_id, p_table using errcode = 'P0002';
      elsif (master ->> '_modified')::timestamptz is distinct from (assumed ->> '_modified')::timestamptz then
        conflicts := conflicts || jsonb_build_array(master);
      else
        execute update_sql using new_row, row_id;
        get diagnostics affected = row_count;
        if affected <> 1 then
          raise exception 'permission denied to update row % of table %', row_id, p_table using errcode = '42501';
        end if;
      end if;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text,
                              err_constraint = constraint_name;
      master := null;
      if row_id is not null then
        execute read_sql into master using row_id;
      end if;
      if assumed is null and err_state = '23505' and err_constraint = p_table || '_pkey' and master is not null then
        -- Another push inserted the same id first: that is a conflict, not an error.
        conflicts := conflicts || jsonb_build_array(master);
      else
        rejected := rejected || jsonb_build_array(jsonb_build_object(
          'id', coalesce(row_id::text, new_row ->> 'id'),
          'code', err_state,
          'message', err_message,
          'master', master));
      end if;
    end;
  end loop;

  return jsonb_build_object('conflicts', conflicts, 'rejected', rejected);
end;
$$;
comment on function public.sync_push(text, jsonb) is 'Replication push: applies a batch of rows of one registered synced table (private.synced_tables) under RLS, returning {conflicts: [master rows], rejected: [{id, code, message, master}]}.';

revoke execute on function public.sync_push(text, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------
-- The vocabulary of access (made effective by the security migrations that follow):
-- `staff` is a role a user holds, as `admin` and `provider` are, and a profile can be
-- deactivated (the person left; their sessions end and they cannot sign in).

alter table public.user_roles drop constraint user_roles_role_check;
alter table public.user_roles add constraint user_roles_role_check check (role in ('admin', 'staff', 'provider'));
comment on table public.user_roles is 'Roles a user holds: admin, staff (reads and edits the directory) or provider (a linked provider login).';

alter table public.profiles
  add column deactivated_at timestamptz,
  add column deactivated_by uuid references public.profiles (id) on delete set null;
comment on column public.profiles.deactivated_at is 'When an admin deactivated the account (null: active). A deactivated user has no access.';
