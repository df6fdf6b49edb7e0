-- Who changed what in the directory and the roles: one row per insert, update and
-- (service-role) hard delete, written by triggers so that no client can skip or forge it.
-- Laboratories answer to auditors about who changed a provider's identity, enrollment
-- evidence, result distribution or delegates; the timeline page reads this table.

create table public.audit_log (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id uuid not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  changed_by uuid default auth.uid(),
  changed_at timestamptz not null default clock_timestamp(),
  -- Updates: only the fields that changed, as {"field": {"old": …, "new": …}} (never _modified).
  changed_fields jsonb,
  -- Inserts: the full new row; hard deletes: the full old row.
  row_data jsonb
);
comment on table public.audit_log is 'Append-only change history of the directory and roles, written by triggers; staff may read it, nobody writes it directly.';
create index audit_log_row_history on public.audit_log (table_name, row_id, changed_at);

alter table public.audit_log enable row level security;
revoke all on table public.audit_log from anon;
-- Append-only for every API role, the service role included: only the triggers write.
revoke insert, update, delete, truncate, references, trigger on table public.audit_log from authenticated, service_role;

create policy "staff read the audit log" on public.audit_log
  for select to authenticated using ((select public.is_staff()));

-- Soft deletes (`_deleted` set true) are updates like any other: their changed_fields
-- carry `_deleted`. An update that changes nothing but `_modified` leaves no row.
create or replace function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_data jsonb;
  old_data jsonb;
  diff jsonb;
begin
  if tg_op = 'INSERT' then
    new_data := to_jsonb(new);
    insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
    values (tg_table_name, new.id, 'insert', auth.uid(), new_data);
  elsif tg_op = 'UPDATE' then
    new_data := to_jsonb(new);
    old_data := to_jsonb(old);
    select jsonb_object_agg(n.key, jsonb_build_object('old', old_data -> n.key, 'new', n.value))
      into diff
      from jsonb_each(new_data) as n
     where n.key <> '_modified' and n.value is distinct from old_data -> n.key;
    if diff is not null then
      insert into public.audit_log (table_name, row_id, action, changed_by, changed_fields)
      values (tg_table_name, new.id, 'update', auth.uid(), diff);
    end if;
  else
    insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
    values (tg_table_name, old.id, 'delete', auth.uid(), to_jsonb(old));
  end if;
  return null;
end;
$$;
comment on function public.audit_row_change() is 'Trigger: appends the change of a row to public.audit_log.';
revoke execute on function public.audit_row_change() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['organizations', 'providers', 'provider_organization_memberships',
    'provider_preferences', 'provider_delegate_approvals', 'user_roles']
  loop
    execute format('create trigger audit_row_change after insert or update or delete on public.%I
                    for each row execute function public.audit_row_change()', t);
  end loop;
end;
$$;
