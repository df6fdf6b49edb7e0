-- Results (issue 32; collection 11 of docs/data-model.md, a protected one): one row per
-- resulted test of an order, as the laboratory reported it in ORU^R01 (lis-inbound), with
-- its observations as a JSON column, its review (sign-off) by the ordering provider and the
-- delegates' "seen".
--
-- `observations`: [{set_id, code, system, text, value_type, value, numeric_value, units,
-- reference_range, flags: ["H"|"L"|"HH"|…], status: "P"|"F"|"C"|…, observed_at, comments}],
-- in the order the laboratory sent them. `status` is the row's: corrected when any
-- observation is C, final when all are F, else preliminary. `abnormal`/`critical` are read
-- from the flags (critical: HH, LL, AA, HU, LU).
--
-- Who reads a result: staff and admins; the ordering provider's own login; a user with an
-- active delegate approval of type results or both for that provider. Nobody else. Only the
-- server (service role) writes results; a user may only sign off (the ordering provider:
-- reviewed_at/reviewed_by, stamped by the server) or mark seen (the provider or a delegate:
-- seen_at/seen_by). Staff read but do not sign off: the sign-off is the provider's.

create or replace function private.may_see_results_of(p_provider uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_staff()
    or (private.my_account_active() and p_provider = private.my_provider_id())
    or (private.my_account_active() and exists (
      select 1 from public.provider_delegate_approvals a
       where a.delegate_id = (select auth.uid())
         and a.provider_id = p_provider
         and a.approval_type in ('results', 'both')
         and a.is_active
         and not a._deleted));
$$;
comment on function private.may_see_results_of(uuid) is 'Staff and admins; the provider''s own login; an active delegate of type results or both for that provider.';
revoke execute on function private.may_see_results_of(uuid) from public, anon;
grant execute on function private.may_see_results_of(uuid) to authenticated, service_role;

create table public.results (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id),
  patient_id uuid not null references public.patients (id),
  provider_id uuid not null references public.providers (id),
  organization_id uuid not null references public.organizations (id),
  requisition_number text not null,
  filler_order_number text,
  test_code text not null check (length(test_code) between 1 and 40),
  test_name text not null default '',
  status text not null check (status in ('preliminary', 'final', 'corrected')),
  observations jsonb not null default '[]'::jsonb check (jsonb_typeof(observations) = 'array'),
  abnormal boolean not null default false,
  critical boolean not null default false,
  comments jsonb not null default '[]'::jsonb check (jsonb_typeof(comments) = 'array'),
  collected_at timestamptz,
  resulted_at timestamptz,
  received_at timestamptz not null default now(),
  -- The laboratory's own report (OBX type ED), in the private bucket result-reports.
  report_path text,
  control_id text,
  reviewed_at timestamptz,
  reviewed_by uuid references public.profiles (id) on delete set null,
  seen_at timestamptz,
  seen_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint results_reviewed_pair check ((reviewed_at is null) = (reviewed_by is null))
);
comment on table public.results is 'One row per resulted test of an order: observations, report, review by the ordering provider. Protected health information; written by the server only.';
comment on column public.results.observations is '[{set_id, code, system, text, value_type, value, numeric_value, units, reference_range, flags, status, observed_at, comments}]';
comment on column public.results.reviewed_at is 'When the ordering provider signed the result off (stamped by the server).';
comment on column public.results.seen_at is 'When the provider or a results delegate marked it seen (stamped by the server).';

create unique index results_order_test_unique on public.results (order_id, test_code);
create index results_patient_idx on public.results (patient_id, collected_at);
create index results_provider_idx on public.results (provider_id, received_at);
create index results_organization_idx on public.results (organization_id);
create index results_reviewed_by_idx on public.results (reviewed_by);
create index results_seen_by_idx on public.results (seen_by);

select private.register_synced_table('results');

create policy "staff, the provider and results delegates read results" on public.results
  for select to authenticated using ((select private.may_see_results_of(provider_id)));
create policy "the provider and results delegates review results" on public.results
  for update to authenticated
  using ((select private.may_see_results_of(provider_id)))
  with check ((select private.may_see_results_of(provider_id)));
-- No insert or delete policy: only the laboratory's messages (the service role) write results.
revoke insert, delete on table public.results from authenticated;

create or replace function private.guard_result()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    return new; -- the service role (lis-inbound) writes results as the laboratory reported them
  end if;
  if (to_jsonb(new) - array['reviewed_at', 'reviewed_by', 'seen_at', 'seen_by', 'updated_at', '_modified'])
     is distinct from (to_jsonb(old) - array['reviewed_at', 'reviewed_by', 'seen_at', 'seen_by', 'updated_at', '_modified']) then
    raise exception 'a result can only be signed off or marked seen' using errcode = '42501';
  end if;
  if new.reviewed_at is distinct from old.reviewed_at or new.reviewed_by is distinct from old.reviewed_by then
    if old.reviewed_at is not null then
      raise exception 'result % is already signed off', old.id using errcode = '23514';
    end if;
    if old.provider_id is distinct from private.my_provider_id() or not private.my_account_active() then
      raise exception 'Only the ordering provider can sign off a result' using errcode = '42501';
    end if;
    if new.reviewed_at is not null then
      new.reviewed_at := clock_timestamp();
      new.reviewed_by := me;
    end if;
  end if;
  if new.seen_at is distinct from old.seen_at or new.seen_by is distinct from old.seen_by then
    if old.seen_at is not null then
      new.seen_at := old.seen_at;
      new.seen_by := old.seen_by;
    elsif new.seen_at is not null then
      new.seen_at := clock_timestamp();
      new.seen_by := me;
    end if;
  end if;
  -- Signing off implies seen.
  if new.reviewed_at is not null and new.seen_at is null then
    new.seen_at := new.reviewed_at;
    new.seen_by := new.reviewed_by;
  end if;
  return new;
end;
$$;
comment on function private.guard_result() is 'Trigger: a user may only sign off (the ordering provider, once) or mark seen; the server stamps who and when.';
revoke execute on function private.guard_result() from public, anon, authenticated;

create trigger b_guard_result before update on public.results
  for each row execute function private.guard_result();

-- Patients: the delegates with results permission read the patients of their provider's
-- results too (one select policy).
drop policy "staff read patients; a provider and their delegates those on their orders" on public.patients;
create policy "staff read patients; a provider and their delegates those on their orders or results" on public.patients
  for select to authenticated
  using ((select private.is_staff()) or exists (
    select 1 from public.orders o
     where o.patient_id = patients.id and not o._deleted
       and ((select private.may_order_for(o.provider_id)) or (select private.may_see_results_of(o.provider_id)))));

-- ---------------------------------------------------------------------------------------
-- Messages the product could not take: malformed, or for no order it knows. Server-only
-- rows read by staff; resolved (matched to an order or rejected with a reason) through the
-- lis-inbound function by staff.

create table public.result_inbox_errors (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  control_id text,
  placer_order_number text,
  patient_name text,
  error text not null,
  error_location text,
  message text not null,
  status text not null default 'open' check (status in ('open', 'matched', 'rejected')),
  order_id uuid references public.orders (id),
  reason text check (reason is null or length(reason) <= 500),
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  constraint result_inbox_errors_rejected_reason check ((status = 'rejected') = (length(btrim(coalesce(reason, ''))) > 0))
);
comment on table public.result_inbox_errors is 'Inbound laboratory messages that were malformed or matched no order: answered AE, kept until staff match or reject them.';
create index result_inbox_errors_open on public.result_inbox_errors (received_at) where status = 'open';
create index result_inbox_errors_order_idx on public.result_inbox_errors (order_id);
create index result_inbox_errors_resolved_by_idx on public.result_inbox_errors (resolved_by);
alter table public.result_inbox_errors enable row level security;
revoke all on table public.result_inbox_errors from anon, authenticated;
grant select on table public.result_inbox_errors to authenticated;
create policy "staff read the result inbox errors" on public.result_inbox_errors
  for select to authenticated using ((select private.is_staff()));

-- ---------------------------------------------------------------------------------------
-- The laboratory's report PDFs: bucket result-reports, objects named <order id>/<result id>.pdf,
-- written by the service role only, read by whoever may see the order's results.

create or replace function private.may_see_report(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.results r
     where r.report_path = p_name and not r._deleted and private.may_see_results_of(r.provider_id));
$$;
comment on function private.may_see_report(text) is 'Whether the caller may read the result whose report is this object of result-reports.';
revoke execute on function private.may_see_report(text) from public, anon;
grant execute on function private.may_see_report(text) to authenticated, service_role;

-- Storage exists on every Supabase project and in the local stack; a bare PostgreSQL (the
-- database tests) has no storage schema, and gets no bucket.
do $$
begin
  if to_regclass('storage.buckets') is null then
    return;
  end if;
  insert into storage.buckets (id, name, public) values ('result-reports', 'result-reports', false)
    on conflict (id) do nothing;
  create policy "result reports: those who may see the result" on storage.objects
    for select to authenticated
    using (bucket_id = 'result-reports' and (select private.may_see_report(name)));
end;
$$;
