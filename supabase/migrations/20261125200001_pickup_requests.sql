-- Extra specimen pickups staff ask of the courier for a client (issue 24; collection 13 of
-- docs/data-model.md): a date, a time window, how many specimens and at what transport
-- temperature, and a note. It shows on the organization's schedule (and on the dashboard),
-- and can be cancelled until it is collected. A request is never deleted: cancelling sets
-- its status, and once cancelled or collected it is closed for good (the server refuses
-- any later change of what it asked for or of its status).

create table public.pickup_requests (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  pickup_date date not null,
  window_start text not null check (window_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  window_end text not null check (window_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  specimen_count integer not null check (specimen_count between 1 and 999),
  transport_temperature text not null check (transport_temperature in ('ambient', 'refrigerated', 'frozen')),
  note text check (note is null or length(note) <= 1000),
  status text not null default 'requested' check (status in ('requested', 'collected', 'cancelled')),
  requested_by uuid references public.profiles (id) on delete set null,
  cancelled_at timestamptz,
  cancelled_by uuid references public.profiles (id) on delete set null,
  collected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint pickup_requests_window_check check (window_end > window_start)
);
comment on table public.pickup_requests is 'Extra specimen pickups asked of the courier for an organization; cancellable until collected.';
comment on column public.pickup_requests.window_start is 'Start of the pickup window, HH:MM (local time of the client).';
comment on column public.pickup_requests.window_end is 'End of the pickup window, HH:MM, after window_start.';
comment on column public.pickup_requests.transport_temperature is 'How the specimens travel: ambient, refrigerated or frozen.';
comment on column public.pickup_requests.status is 'requested, then collected or cancelled (both final).';

create index pickup_requests_organization on public.pickup_requests (organization_id, pickup_date);
create index pickup_requests_requested_by on public.pickup_requests (requested_by);
create index pickup_requests_cancelled_by on public.pickup_requests (cancelled_by);

select private.register_synced_table('pickup_requests');

create policy "staff read pickup requests" on public.pickup_requests
  for select to authenticated using ((select private.is_staff()));
create policy "staff ask for pickups" on public.pickup_requests
  for insert to authenticated with check ((select private.is_staff()) and status = 'requested');
create policy "staff update pickup requests" on public.pickup_requests
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

-- The request's life: requested → collected or cancelled, and nothing after. Who asked, who
-- cancelled and when are the server's to say.
create or replace function private.guard_pickup_request()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- A user's request is theirs and open; the database owner (seed, imports) writes history as it was.
    if (select auth.uid()) is not null then
      new.requested_by := (select auth.uid());
      new.cancelled_at := null;
      new.cancelled_by := null;
      new.collected_at := null;
    end if;
    return new;
  end if;
  if old.status <> 'requested' and (
       new.status is distinct from old.status
       or new.organization_id is distinct from old.organization_id
       or new.pickup_date is distinct from old.pickup_date
       or new.window_start is distinct from old.window_start
       or new.window_end is distinct from old.window_end
       or new.specimen_count is distinct from old.specimen_count
       or new.transport_temperature is distinct from old.transport_temperature
       or new._deleted is distinct from old._deleted) then
    raise exception 'pickup request % is already %', old.id, old.status using errcode = '23514';
  end if;
  new.requested_by := old.requested_by;
  if new.status = 'cancelled' and old.status = 'requested' then
    new.cancelled_at := clock_timestamp();
    new.cancelled_by := (select auth.uid());
  else
    new.cancelled_at := old.cancelled_at;
    new.cancelled_by := old.cancelled_by;
  end if;
  if new.status = 'collected' and old.status = 'requested' then
    new.collected_at := clock_timestamp();
  else
    new.collected_at := old.collected_at;
  end if;
  return new;
end;
$$;
comment on function private.guard_pickup_request() is 'Trigger: a pickup request goes from requested to collected or cancelled and is closed after; the server stamps who asked, who cancelled and when.';
revoke execute on function private.guard_pickup_request() from public, anon, authenticated;

create trigger guard_pickup_request before insert or update on public.pickup_requests
  for each row execute function private.guard_pickup_request();
