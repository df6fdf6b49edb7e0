-- A PECOS check made while a provider is being added is kept with the new provider
-- (issue 46). The add-provider lookup checks PECOS before the provider exists
-- (verify-pecos with skip_db_update), so nothing could record the answer, and the new
-- provider showed "Not verified" right after staff had seen "PECOS Enrollment Verified".
-- verify-pecos now keeps each such answer here, with its evidence, and a provider inserted
-- by an API caller takes the latest check of its NPI, as verify-pecos would have written it.
-- The PECOS fields stay server-written (migration 20261125100001): what a client sends for
-- them is still replaced, now by the recorded check instead of "never checked".

create table public.pecos_lookups (
  id bigint generated always as identity primary key,
  npi text not null check (public.npi_is_valid(npi)),
  verified boolean not null,
  checked_at timestamptz not null,
  -- verify-pecos's evidence document, as it writes pecos_verification_data.
  evidence jsonb not null,
  looked_up_by uuid,
  looked_up_at timestamptz not null default now()
);
comment on table public.pecos_lookups is 'PECOS answers verify-pecos gave for an NPI with no provider row to update yet (skip_db_update): a provider added afterwards takes the latest. Service role only (RLS on, no policies).';
create index pecos_lookups_npi_checked_at on public.pecos_lookups (npi, checked_at desc);

alter table public.pecos_lookups enable row level security;
revoke all on table public.pecos_lookups from anon, authenticated;

-- The latest recorded check of an NPI. Security definer: the API caller, in whose name the
-- provider trigger runs, may not read pecos_lookups.
create or replace function private.latest_recorded_pecos_check(p_npi text)
returns public.pecos_lookups
language sql
stable
security definer
set search_path = ''
as $$
  select * from public.pecos_lookups l where l.npi = p_npi order by l.checked_at desc limit 1;
$$;
comment on function private.latest_recorded_pecos_check(text) is 'The latest PECOS answer verify-pecos recorded for the NPI (pecos_lookups), or null.';
revoke execute on function private.latest_recorded_pecos_check(text) from public, anon, authenticated;
grant execute on function private.latest_recorded_pecos_check(text) to authenticated;

-- Runs after b_guard_provider_verification, which cleared the client's values; as the
-- caller (current_user tells an API caller from the service role and the owner).
create or replace function private.take_recorded_pecos_check()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  recorded public.pecos_lookups;
begin
  if current_user not in ('anon', 'authenticated') or new.npi is null then
    return new;
  end if;
  recorded := private.latest_recorded_pecos_check(new.npi);
  if recorded.id is not null then
    new.pecos_verified := recorded.verified;
    new.pecos_verification_date := recorded.checked_at;
    new.pecos_verification_data := recorded.evidence;
  end if;
  return new;
end;
$$;
comment on function private.take_recorded_pecos_check() is 'Trigger: a provider inserted through the API takes the latest PECOS check verify-pecos recorded for its NPI (pecos_lookups).';
revoke execute on function private.take_recorded_pecos_check() from public, anon, authenticated;

create trigger c_take_recorded_pecos_check before insert on public.providers
  for each row execute function private.take_recorded_pecos_check();
