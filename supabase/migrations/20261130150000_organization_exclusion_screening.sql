-- OIG exclusion screening of organizations (issue 33). The screening of providers
-- (20261127250000_exclusion_screening.sql) now screens the laboratory's client
-- organizations too, by the same steps: an organization's NPI on the LEIE is an exclusion;
-- where the list has no NPI, an entry whose business name (BUSNAME) is the organization's
-- legal or DBA name, in its state, is a possible match a person confirms or dismisses.
-- The organization row carries the outcome of its last screening, as a provider's does,
-- and only the server writes it.

-- ---------------------------------------------------------------------------------------
-- The outcome on the organization (synced): what every device shows.

alter table public.organizations
  add column exclusion_status text check (exclusion_status in ('clear', 'possible', 'excluded')),
  add column exclusion_screened_at timestamptz,
  add column exclusion_list_date timestamptz,
  add column exclusion_data jsonb;
comment on column public.organizations.exclusion_status is 'OIG LEIE screening: clear, possible (a business-name match to confirm), excluded (NPI match or confirmed); null = never screened. Server-written.';
comment on column public.organizations.exclusion_screened_at is 'When the organization was last screened against the LEIE. Server-written.';
comment on column public.organizations.exclusion_list_date is 'The date of the LEIE file that screening used (its Last-Modified). Server-written.';
comment on column public.organizations.exclusion_data is 'The open and confirmed matches of the last screening: basis, exclusion type and date, the list entry. Server-written.';

-- The providers' guard reads only columns both tables have (npi, exclusion_*): it guards
-- organizations as it is, under a name that says so.
alter function private.guard_provider_exclusion() rename to guard_exclusion_screening;
comment on function private.guard_exclusion_screening() is 'Trigger (providers, organizations): only the server writes the exclusion screening; a changed NPI clears it.';

create trigger guard_organization_exclusion before insert or update on public.organizations
  for each row execute function private.guard_exclusion_screening();

-- ---------------------------------------------------------------------------------------
-- A match names a provider or an organization, never both.

alter table public.exclusion_matches
  alter column provider_id drop not null,
  add column organization_id uuid references public.organizations (id) on delete cascade,
  add constraint exclusion_matches_one_record check (num_nonnulls(provider_id, organization_id) = 1),
  add constraint exclusion_matches_organization_entry unique (organization_id, entry_key);
comment on table public.exclusion_matches is 'A provider or an organization found on the LEIE: by NPI (confirmed) or by name and state (possible until a person confirms or dismisses it with a reason); cleared when the entry leaves the list.';

-- ---------------------------------------------------------------------------------------
-- The business name as the matching compares it (businessNameKey in
-- supabase/functions/_shared/exclusions/leie-match.ts), written when a release is loaded.

alter table public.leie_entries add column bus_name_key text not null default '';
comment on column public.leie_entries.bus_name_key is 'BUSNAME as the matching compares it: upper-case words, punctuation, a leading THE and trailing legal forms (INC, LLC, CORP, …) left out.';
create index leie_entries_bus_name_key on public.leie_entries (release_id, bus_name_key) where bus_name_key <> '';

-- The release already loaded has no business-name keys: forgetting its ETag makes the next
-- screening download the file again (not a 304) and store it with them.
update public.leie_releases set etag = null;
