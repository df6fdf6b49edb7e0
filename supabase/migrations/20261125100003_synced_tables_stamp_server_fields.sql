-- Every synced table gets the server-written fields of migration 20261125100001 from the
-- one function that makes a table synced: its created_at and updated_at (when it has
-- them) are the server's clock for API callers, and an attribution column named by the
-- caller (created_by, assigned_by, …) is the inserting user. The tables of the second wave
-- (patients, orders, results, …) are then server-stamped the moment they are registered:
--
--   select private.register_synced_table('orders', p_attribution => 'created_by');
--
-- The signature grows a defaulted argument, so calls of the old shape keep working.

drop function private.register_synced_table(text, boolean);

create or replace function private.register_synced_table(
  p_table text,
  p_audited boolean default true,
  p_attribution text default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  stamped boolean;
begin
  if to_regclass(format('public.%I', p_table)) is null then
    raise exception 'register_synced_table: public.% does not exist', p_table;
  end if;
  if p_attribution is not null and not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = format('public.%I', p_table)::regclass and a.attname = p_attribution and not a.attisdropped
  ) then
    raise exception 'register_synced_table: public.% has no column %', p_table, p_attribution;
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
  -- Server-written created_at / updated_at / attribution (private.stamp_server_fields).
  select exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = format('public.%I', p_table)::regclass
       and a.attname in ('created_at', 'updated_at') and not a.attisdropped
  ) into stamped;
  if stamped or p_attribution is not null then
    execute format('drop trigger if exists a_stamp_server_fields on public.%I', p_table);
    execute format('create trigger a_stamp_server_fields before insert or update on public.%I
                    for each row execute function private.stamp_server_fields(%L)', p_table, coalesce(p_attribution, '-'));
  end if;
  execute format('alter table public.%I enable row level security', p_table);
  execute format('revoke all on table public.%I from anon', p_table);
  execute format('revoke delete, truncate, references, trigger on table public.%I from authenticated', p_table);
  insert into private.synced_tables (table_name, audited) values (p_table, p_audited)
  on conflict (table_name) do update set audited = excluded.audited;
end;
$$;
comment on function private.register_synced_table(text, boolean, text) is 'Makes public.<table> a synced table: sync index, clock trigger, realtime publication, audit triggers, server-written created_at/updated_at and attribution column (p_attribution), RLS on, nothing for anon; records it in private.synced_tables.';
revoke execute on function private.register_synced_table(text, boolean, text) from public, anon, authenticated, service_role;
