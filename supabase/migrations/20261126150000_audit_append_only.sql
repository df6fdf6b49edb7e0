-- The audit is append-only (issue 27, ARCHITECTURE.md "Audit is append-only"). The API
-- roles (authenticated, service_role) never had UPDATE, DELETE or TRUNCATE on the audit
-- tables; these triggers refuse them to everyone else too (the table's owner, a future
-- grant, a security definer function), so no code path can change history. Rows are only
-- ever inserted: by the audit triggers (audit_log) and record_openings (access_log).

create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, lower(tg_op)
    using errcode = '42501', hint = 'Audit rows are never changed or deleted.';
end;
$$;
comment on function private.refuse_audit_change() is 'Trigger: refuses UPDATE, DELETE and TRUNCATE of an append-only audit table.';
revoke execute on function private.refuse_audit_change() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['audit_log', 'access_log']
  loop
    execute format('create trigger refuse_audit_change before update or delete on public.%I
                    for each row execute function private.refuse_audit_change()', t);
    execute format('create trigger refuse_audit_truncate before truncate on public.%I
                    for each statement execute function private.refuse_audit_change()', t);
  end loop;
end;
$$;

-- The timeline pages the log newest first by id (keyset) and filters by who and what.
create index if not exists audit_log_changed_by on public.audit_log (changed_by, id);
