-- The directory: organizations, providers, memberships, result-distribution preferences,
-- delegate approvals, profiles and roles (spec section 3).
--
-- Every synced table has a client-suppliable uuid id, `_modified` (server-maintained by
-- trigger, strictly increasing per table, microsecond precision) and `_deleted` (rows are
-- never hard-deleted by the app), and an index on (_modified, id), the sync order.

-- NPI check digit: Luhn over the nine first digits with the 80840 prefix (+24 shortcut).
create or replace function public.npi_is_valid(npi text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  total int := 24;
  digit int;
  i int;
begin
  if npi is null or npi !~ '^[0-9]{10}$' then
    return false;
  end if;
  for i in 1..9 loop
    digit := substr(npi, i, 1)::int;
    -- Doubling starts at the ninth digit (rightmost of the nine) and every second leftwards.
    if (9 - i) % 2 = 0 then
      digit := digit * 2;
      if digit > 9 then
        digit := digit - 9;
      end if;
    end if;
    total := total + digit;
  end loop;
  return (10 - total % 10) % 10 = substr(npi, 10, 1)::int;
end;
$$;
comment on function public.npi_is_valid(text) is 'True when the text is a 10-digit NPI with a valid Luhn check digit (prefix 80840).';

-- Keeps `_modified` strictly increasing within a table, even where the clock has only
-- millisecond resolution (PGlite) or two writes land in the same microsecond, so that a
-- pull checkpoint (_modified, id) can never skip a row.
create or replace function public.touch_modified()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest timestamptz;
begin
  execute format('select max(_modified) from %I.%I', tg_table_schema, tg_table_name) into latest;
  new._modified := greatest(clock_timestamp(), coalesce(latest + interval '1 microsecond', clock_timestamp()));
  return new;
end;
$$;
comment on function public.touch_modified() is 'Sets _modified on insert and update: clock_timestamp(), strictly after the newest row of the table.';

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  legal_name text not null check (length(btrim(legal_name)) > 0),
  type text not null check (type in ('healthcare', 'non_healthcare', 'sole_proprietor')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.organizations is 'Organizations providers belong to (healthcare, non-healthcare, sole proprietor).';

create table public.providers (
  id uuid primary key default gen_random_uuid(),
  npi text check (npi is null or public.npi_is_valid(npi)),
  first_name text not null,
  last_name text not null,
  nickname text,
  credential text,
  email text,
  phone text,
  default_organization_id uuid references public.organizations (id) on delete set null,
  taxonomy_code text,
  taxonomy_description text,
  is_active boolean not null default true,
  pecos_verified boolean not null default false,
  pecos_verification_date timestamptz,
  pecos_verification_data jsonb,
  nppes_verified boolean not null default false,
  nppes_data jsonb,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.providers is 'Healthcare providers (with an NPI, Type 1) and non-healthcare clients (npi null).';
create unique index providers_npi_unique on public.providers (npi) where npi is not null and not _deleted;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text,
  last_name text,
  professional_title text,
  provider_id uuid references public.providers (id) on delete set null,
  last_sign_in timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.profiles is 'One row per login account (auth.users), created by trigger; provider_id links a provider user to their provider record.';

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  -- References profiles (itself keyed by auth.users) so the API can embed the profile.
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null check (role in ('admin', 'provider')),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  unique (user_id, role)
);
comment on table public.user_roles is 'Roles beyond plain staff: admin, or provider (a linked provider login).';

create table public.provider_organization_memberships (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  is_active boolean not null default true,
  assigned_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  unique (provider_id, organization_id)
);
comment on table public.provider_organization_memberships is 'A provider linked to an organization; at most one row per pair.';

create table public.provider_preferences (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null unique references public.providers (id) on delete cascade,
  email_notifications boolean not null default false,
  fax_notifications boolean not null default false,
  in_app_notifications boolean not null default true,
  report_format text not null default 'summary'
    check (report_format in ('summary', 'comprehensive', 'summary_plus', 'comprehensive_plus')),
  fax_number text,
  favorite_reports text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
comment on table public.provider_preferences is 'How lab results reach a provider; favorite_reports holds the distribution email addresses.';

create table public.provider_delegate_approvals (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  delegate_id uuid not null references public.profiles (id) on delete cascade,
  approval_type text not null check (approval_type in ('order', 'results', 'both')),
  can_view_vip_patients boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  unique (provider_id, delegate_id)
);
comment on table public.provider_delegate_approvals is 'Users allowed to order tests and/or view results for a provider; removal sets is_active false.';

do $$
declare
  t text;
begin
  foreach t in array array['organizations', 'providers', 'profiles', 'user_roles',
    'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals']
  loop
    execute format('create index %I on public.%I (_modified, id)', t || '_sync_order', t);
    execute format('create trigger touch_modified before insert or update on public.%I
                    for each row execute function public.touch_modified()', t);
    execute format('alter publication supabase_realtime add table public.%I', t);
  end loop;
end;
$$;
