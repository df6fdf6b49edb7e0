-- Alerts (issue 33; collection 12 of docs/data-model.md): things a person must acknowledge.
-- The scheduled re-verification raises them when a registry's answer about a provider
-- changes (PECOS enrollment lost or gained, Part B eligibility lost, NPI deactivated, name,
-- credential or primary taxonomy changed); exclusion screening and critical values use the
-- same table. Only the server raises alerts (the service role: Edge Functions); staff read
-- and acknowledge them, a provider's own login reads their own. An acknowledgement is final:
-- the server stamps who and when, and nothing else of the alert may change.

create table public.alerts (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid references public.providers (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete cascade,
  kind text not null check (kind in (
    'pecos_lost', 'pecos_gained', 'part_b_lost', 'npi_deactivated', 'name_changed', 'credential_changed',
    'taxonomy_changed', 'exclusion_possible', 'exclusion_confirmed', 'critical_value'
  )),
  summary text not null check (length(summary) between 1 and 500),
  details jsonb not null,
  raised_at timestamptz not null default now(),
  acknowledged_at timestamptz,
  acknowledged_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.alerts is 'Things a person must acknowledge: verification changes, exclusion matches, critical values. Raised by the server only.';
comment on column public.alerts.kind is 'pecos_lost, pecos_gained, part_b_lost, npi_deactivated, name_changed, credential_changed, taxonomy_changed, exclusion_possible, exclusion_confirmed, critical_value.';
comment on column public.alerts.details is 'What changed: {before, after} and the evidence the server saw.';
comment on column public.alerts.acknowledged_at is 'When a staff member acknowledged it (stamped by the server; final).';

create index alerts_provider on public.alerts (provider_id, raised_at);
create index alerts_organization on public.alerts (organization_id);
create index alerts_acknowledged_by on public.alerts (acknowledged_by);
create index alerts_open on public.alerts (raised_at) where acknowledged_at is null and not _deleted;

select private.register_synced_table('alerts');

-- One select policy (the linter flags several permissive ones): staff read every alert, a
-- provider's own login the alerts about their provider record.
create policy "staff and the provider read alerts" on public.alerts
  for select to authenticated using (
    (select private.is_staff()) or (provider_id is not null and provider_id = (select private.my_provider_id()))
  );
create policy "staff acknowledge alerts" on public.alerts
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
-- No insert or delete policy: only the service role raises alerts.
revoke insert on table public.alerts from authenticated;

-- A signed-in user may only acknowledge an open alert; the server stamps who and when.
create or replace function private.guard_alert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return new; -- the service role (Edge Functions) and the database owner write alerts as they are
  end if;
  if new.provider_id is distinct from old.provider_id
     or new.organization_id is distinct from old.organization_id
     or new.kind is distinct from old.kind
     or new.summary is distinct from old.summary
     or new.details is distinct from old.details
     or new.raised_at is distinct from old.raised_at
     or new._deleted is distinct from old._deleted then
    raise exception 'an alert can only be acknowledged' using errcode = '23514';
  end if;
  if old.acknowledged_at is not null then
    if new.acknowledged_at is distinct from old.acknowledged_at or new.acknowledged_by is distinct from old.acknowledged_by then
      raise exception 'alert % is already acknowledged', old.id using errcode = '23514';
    end if;
    return new;
  end if;
  if new.acknowledged_at is not null then
    new.acknowledged_at := clock_timestamp();
    new.acknowledged_by := (select auth.uid());
  else
    new.acknowledged_by := null;
  end if;
  return new;
end;
$$;
comment on function private.guard_alert() is 'Trigger: a signed-in user may only acknowledge an open alert, once; the server stamps who and when.';
revoke execute on function private.guard_alert() from public, anon, authenticated;

create trigger guard_alert before update on public.alerts
  for each row execute function private.guard_alert();

-- Where the scheduled re-verification stands for each provider: when it last checked, what
-- the registries said then (the snapshot the next run compares with), and the backoff after
-- registry failures. Server-only: RLS on and no policy, so only the service role reads it.
create table public.provider_reverifications (
  provider_id uuid primary key references public.providers (id) on delete cascade,
  checked_at timestamptz,
  snapshot jsonb,
  failures integer not null default 0 check (failures >= 0),
  next_attempt_at timestamptz,
  last_error text,
  updated_at timestamptz not null default now()
);
comment on table public.provider_reverifications is 'Server-only state of the scheduled re-verification: last check, last registry snapshot, failures and backoff.';
alter table public.provider_reverifications enable row level security;
revoke all on table public.provider_reverifications from anon, authenticated;
