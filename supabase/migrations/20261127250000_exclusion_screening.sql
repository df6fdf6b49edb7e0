-- OIG exclusion screening (issue 33). The server loads the OIG's List of Excluded
-- Individuals/Entities (LEIE, UPDATED.csv; OIG_LEIE_URL) into leie_entries, one release at
-- a time, and screens providers against it: by NPI (a certain match, an exclusion) and, where
-- the list has no NPI, by name and state (a possible match a person confirms or dismisses
-- with a reason). Each match is an exclusion_matches row with its alert; the provider row
-- carries the outcome of its last screening (status, when, the list's date) so every device
-- shows it offline. Only the server (screen-exclusions, exclusion-review) writes any of it.

-- ---------------------------------------------------------------------------------------
-- The list as loaded: server-only (RLS on, no policy).

create table public.leie_releases (
  id uuid primary key default gen_random_uuid(),
  source_url text not null,
  etag text,
  -- The file's own date (its Last-Modified), what the screening records as the list's date.
  list_date timestamptz not null,
  fetched_at timestamptz not null default now(),
  row_count integer not null check (row_count >= 0),
  is_current boolean not null default false
);
comment on table public.leie_releases is 'Each LEIE file the server loaded: where from, its date (Last-Modified) and ETag, how many rows; one is current.';
create unique index leie_releases_one_current on public.leie_releases (is_current) where is_current;
alter table public.leie_releases enable row level security;
revoke all on table public.leie_releases from anon, authenticated;

create table public.leie_entries (
  release_id uuid not null references public.leie_releases (id) on delete cascade,
  line integer not null,
  -- Identity of the entry across releases (names, NPI, birth date, exclusion type and date).
  entry_key text not null,
  npi text,
  last_name text not null default '',
  -- The last name as the matching compares it: upper-case letters only (O'CONNOR → OCONNOR).
  name_key text not null default '',
  first_name text not null default '',
  mid_name text not null default '',
  bus_name text not null default '',
  general text not null default '',
  specialty text not null default '',
  dob date,
  address text not null default '',
  city text not null default '',
  state text not null default '',
  zip text not null default '',
  excl_type text not null default '',
  excl_date date,
  rein_date date,
  waiver_date date,
  waiver_state text not null default '',
  primary key (release_id, line)
);
comment on table public.leie_entries is 'The rows of a loaded LEIE release, names upper-cased and trimmed, NPI null where the list says 0000000000, dates null where 00000000.';
create index leie_entries_npi on public.leie_entries (release_id, npi) where npi is not null;
create index leie_entries_name_key on public.leie_entries (release_id, name_key);
alter table public.leie_entries enable row level security;
revoke all on table public.leie_entries from anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Matches: one per provider and list entry, with its alert and the human decision.

create table public.exclusion_matches (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  entry_key text not null,
  basis text not null check (basis in ('npi', 'name_state')),
  status text not null check (status in ('possible', 'confirmed', 'dismissed', 'cleared')),
  entry jsonb not null,
  alert_id uuid references public.alerts (id) on delete set null,
  reason text check (reason is null or length(reason) between 1 and 500),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  cleared_at timestamptz,
  unique (provider_id, entry_key)
);
comment on table public.exclusion_matches is 'A provider found on the LEIE: by NPI (confirmed) or by name and state (possible until a person confirms or dismisses it with a reason); cleared when the entry leaves the list.';
create index exclusion_matches_alert on public.exclusion_matches (alert_id);
create index exclusion_matches_decided_by on public.exclusion_matches (decided_by);
alter table public.exclusion_matches enable row level security;
revoke all on table public.exclusion_matches from anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The outcome on the provider (synced): what every device shows.

alter table public.providers
  add column exclusion_status text check (exclusion_status in ('clear', 'possible', 'excluded')),
  add column exclusion_screened_at timestamptz,
  add column exclusion_list_date timestamptz,
  add column exclusion_data jsonb;
comment on column public.providers.exclusion_status is 'OIG LEIE screening: clear, possible (a name match to confirm), excluded (NPI match or confirmed); null = never screened. Server-written.';
comment on column public.providers.exclusion_screened_at is 'When the provider was last screened against the LEIE. Server-written.';
comment on column public.providers.exclusion_list_date is 'The date of the LEIE file that screening used (its Last-Modified). Server-written.';
comment on column public.providers.exclusion_data is 'The open and confirmed matches of the last screening: basis, exclusion type and date, the list entry. Server-written.';

-- A signed-in client cannot write the screening: its values are replaced by the stored
-- ones (nothing on insert); a changed NPI clears them (the screening was about another NPI).
create or replace function private.guard_provider_exclusion()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' or new.npi is distinct from old.npi then
    new.exclusion_status := null;
    new.exclusion_screened_at := null;
    new.exclusion_list_date := null;
    new.exclusion_data := null;
  else
    new.exclusion_status := old.exclusion_status;
    new.exclusion_screened_at := old.exclusion_screened_at;
    new.exclusion_list_date := old.exclusion_list_date;
    new.exclusion_data := old.exclusion_data;
  end if;
  return new;
end;
$$;
comment on function private.guard_provider_exclusion() is 'Trigger: only the server writes a provider''s exclusion screening; a changed NPI clears it.';
revoke execute on function private.guard_provider_exclusion() from public, anon, authenticated;

create trigger guard_provider_exclusion before insert or update on public.providers
  for each row execute function private.guard_provider_exclusion();
