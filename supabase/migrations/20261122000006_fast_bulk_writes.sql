-- Bulk writes at the size of a real directory (tens of thousands of providers) without
-- giving up either guarantee of the earlier migrations:
--
-- 1. `_modified` strictly increasing per table, microsecond precision. touch_modified()
--    used to run `select max(_modified)` over the whole table for every row written, which
--    made a 20,000-row insert take half a minute. Each synced table now has its own clock:
--    a sequence holding the last stamp handed out, in microseconds since the epoch. A
--    stamp is max(clock_timestamp(), last + 1 µs), as before, at O(1) per row. A sequence
--    rather than a clock row in a table: updating one row 50,000 times in one transaction
--    leaves 50,000 versions of it that every later update walks (quadratic), while a
--    sequence is updated in place and never rolls back, so a stamp is never handed out
--    twice even by a transaction that aborts.
-- 2. An audit row for every insert, update and hard delete. audit_row_change() ran once
--    per row; the audit is now written by statement-level triggers over the transition
--    tables (one `insert … select` per statement), with the same rows and fields.

create schema if not exists sync_clock;
comment on schema sync_clock is 'Per-table clocks of _modified (one sequence per synced table); internal, not exposed by the API.';
revoke all on schema sync_clock from public, anon, authenticated, service_role;

do $$
declare
  t text;
begin
  foreach t in array array['organizations', 'providers', 'profiles', 'user_roles',
    'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals']
  loop
    execute format('create sequence sync_clock.%I as bigint minvalue 0', t);
    -- Start after the newest stamp already in the table.
    execute format(
      'select setval(''sync_clock.%I'', coalesce((select (extract(epoch from max(_modified)) * 1000000)::bigint from public.%I), 0), true)',
      t, t);
  end loop;
end;
$$;

create or replace function public.touch_modified()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock regclass := format('sync_clock.%I', tg_table_name)::regclass;
  now_us bigint := (extract(epoch from clock_timestamp()) * 1000000)::bigint;
  stamp bigint;
begin
  stamp := nextval(clock);
  if stamp < now_us then
    -- The clock is behind the wall clock: move it up to now.
    stamp := setval(clock, now_us, true);
  end if;
  new._modified := to_timestamp(0) + stamp * interval '1 microsecond';
  return new;
end;
$$;
comment on function public.touch_modified() is 'Sets _modified on insert and update: clock_timestamp(), strictly after the last stamp of the table (its sync_clock sequence).';

-- The audit, one statement at a time. Transition tables allow one event per trigger, so
-- each table gets three triggers; the functions see the statement's rows as old_rows /
-- new_rows and write the same audit rows audit_row_change() wrote per row.
create or replace function public.audit_inserted_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
  select tg_table_name, n.id, 'insert', auth.uid(), to_jsonb(n) from new_rows n;
  return null;
end;
$$;
comment on function public.audit_inserted_rows() is 'Statement trigger: appends one insert row per inserted row to public.audit_log.';

create or replace function public.audit_updated_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Soft deletes (`_deleted` set true) are updates like any other: their changed_fields
  -- carry `_deleted`. An update that changes nothing but `_modified` leaves no row.
  insert into public.audit_log (table_name, row_id, action, changed_by, changed_fields)
  select tg_table_name, d.id, 'update', auth.uid(), d.diff
    from (
      select n.id,
             (select jsonb_object_agg(f.key, jsonb_build_object('old', to_jsonb(o) -> f.key, 'new', f.value))
                from jsonb_each(to_jsonb(n)) as f
               where f.key <> '_modified' and f.value is distinct from to_jsonb(o) -> f.key) as diff
        from new_rows n
        join old_rows o on o.id = n.id
    ) d
   where d.diff is not null;
  return null;
end;
$$;
comment on function public.audit_updated_rows() is 'Statement trigger: appends the changed fields of every updated row to public.audit_log.';

create or replace function public.audit_deleted_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
  select tg_table_name, o.id, 'delete', auth.uid(), to_jsonb(o) from old_rows o;
  return null;
end;
$$;
comment on function public.audit_deleted_rows() is 'Statement trigger: appends one delete row, with the full old row, per hard-deleted row to public.audit_log.';

revoke execute on function public.audit_inserted_rows(), public.audit_updated_rows(), public.audit_deleted_rows()
  from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['organizations', 'providers', 'provider_organization_memberships',
    'provider_preferences', 'provider_delegate_approvals', 'user_roles']
  loop
    execute format('drop trigger audit_row_change on public.%I', t);
    execute format('create trigger audit_inserted_rows after insert on public.%I
                    referencing new table as new_rows
                    for each statement execute function public.audit_inserted_rows()', t);
    execute format('create trigger audit_updated_rows after update on public.%I
                    referencing old table as old_rows new table as new_rows
                    for each statement execute function public.audit_updated_rows()', t);
    execute format('create trigger audit_deleted_rows after delete on public.%I
                    referencing old table as old_rows
                    for each statement execute function public.audit_deleted_rows()', t);
  end loop;
end;
$$;
