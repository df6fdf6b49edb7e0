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

-- ---------------------------------------------------------------------------------------
-- Who is who. Every signed-up user is staff; a `user_roles` row makes them an admin, or a
-- provider user (a provider's own login, linked through profiles.provider_id). The helpers
-- are security definer so policies can read user_roles/profiles without recursing into
-- their own RLS; policies call them as `(select public.f())` so they run once per
-- statement, not once per row.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin' and not r._deleted
  );
$$;
comment on function public.is_admin() is 'True when the caller has an active admin role.';

create or replace function public.is_provider_user()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'provider' and not r._deleted
  ) and not public.is_admin();
$$;
comment on function public.is_provider_user() is 'True when the caller is a provider login (role provider) and not an admin: they see only their own provider record.';

create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and not public.is_provider_user();
$$;
comment on function public.is_staff() is 'True for every signed-in user who is not a provider-only login (admins are staff).';

create or replace function public.my_provider_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.provider_id from public.profiles p
  where p.id = (select auth.uid()) and not p._deleted;
$$;
comment on function public.my_provider_id() is 'The provider record linked to the caller''s profile (null for staff without one).';

revoke execute on function public.is_admin(), public.is_provider_user(), public.is_staff(),
  public.my_provider_id() from public, anon;
grant execute on function public.is_admin(), public.is_provider_user(), public.is_staff(),
  public.my_provider_id() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Row-level security. Anonymous callers get no privilege at all (the API answers 401).
-- Signed-in callers may select, insert and update as the policies allow; nobody but the
-- service role hard-deletes: the app soft-deletes with `_deleted`, which replication
-- carries to every device.

do $$
declare
  t text;
begin
  foreach t in array array['organizations', 'providers', 'profiles', 'user_roles',
    'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon', t);
    execute format('revoke delete, truncate, references, trigger on table public.%I from authenticated', t);
  end loop;
end;
$$;

-- The directory: staff read and write it. A provider user reads only their own provider
-- record, its preferences and its delegates; they may update their own result-distribution
-- preferences (how their results reach them is theirs to say), but not their provider row
-- (identity and registry/PECOS verification are maintained by staff).

create policy "staff read organizations" on public.organizations
  for select to authenticated using ((select public.is_staff()));
create policy "staff add organizations" on public.organizations
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff edit organizations" on public.organizations
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "staff read providers, a provider user their own" on public.providers
  for select to authenticated
  using ((select public.is_staff()) or id = (select public.my_provider_id()));
create policy "staff add providers" on public.providers
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff edit providers" on public.providers
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "staff read memberships" on public.provider_organization_memberships
  for select to authenticated using ((select public.is_staff()));
create policy "staff add memberships" on public.provider_organization_memberships
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff edit memberships" on public.provider_organization_memberships
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "staff read preferences, a provider user their own" on public.provider_preferences
  for select to authenticated
  using ((select public.is_staff()) or provider_id = (select public.my_provider_id()));
create policy "staff add preferences" on public.provider_preferences
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff edit preferences, a provider user their own" on public.provider_preferences
  for update to authenticated
  using ((select public.is_staff()) or provider_id = (select public.my_provider_id()))
  with check ((select public.is_staff()) or provider_id = (select public.my_provider_id()));

create policy "staff read delegates, a provider user their own" on public.provider_delegate_approvals
  for select to authenticated
  using ((select public.is_staff()) or provider_id = (select public.my_provider_id()));
create policy "staff add delegates" on public.provider_delegate_approvals
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff edit delegates" on public.provider_delegate_approvals
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

-- Profiles: staff read all (delegate search, linked-user display); everyone reads and
-- edits their own; admins edit any (linking a provider). Rows are created by the
-- handle_new_user trigger only. Which fields a non-admin may change is enforced by the
-- guard_profile_update trigger below, since policies cannot compare old and new values.
create policy "staff read profiles, everyone their own" on public.profiles
  for select to authenticated
  using ((select public.is_staff()) or id = (select auth.uid()));
create policy "users edit their own profile, admins any" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));

-- Roles: everyone reads their own, staff read all; only admins grant, change or revoke
-- (soft delete), and never their own rows: nobody grants themselves a role, and an admin
-- cannot lock themselves out.
create policy "staff read roles, everyone their own" on public.user_roles
  for select to authenticated
  using ((select public.is_staff()) or user_id = (select auth.uid()));
create policy "admins grant roles to others" on public.user_roles
  for insert to authenticated
  with check ((select public.is_admin()) and user_id <> (select auth.uid()));
create policy "admins change roles of others" on public.user_roles
  for update to authenticated
  using ((select public.is_admin()) and user_id <> (select auth.uid()))
  with check ((select public.is_admin()) and user_id <> (select auth.uid()));

-- A non-admin may edit only their name and title: the account fields (id, email, the
-- provider link, _deleted) belong to admins, the service role and the auth triggers, and
-- the server-maintained ones (last_sign_in, created_at) keep their values. Not security
-- definer on purpose: current_user must be the caller's role (authenticated under the
-- API; postgres inside the auth triggers; service_role for the service key).
create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') or (select public.is_admin()) then
    return new;
  end if;
  if new.id is distinct from old.id
    or new.email is distinct from old.email
    or new.provider_id is distinct from old.provider_id
    or new._deleted is distinct from old._deleted then
    raise exception 'Only an admin can change a profile''s id, email, provider link or deletion'
      using errcode = '42501';
  end if;
  new.last_sign_in := old.last_sign_in;
  new.created_at := old.created_at;
  return new;
end;
$$;
comment on function public.guard_profile_update() is 'Refuses (42501) changes to a profile''s id, email, provider_id or _deleted by anyone but admins and trusted database roles.';

create trigger guard_profile_update before update on public.profiles
  for each row execute function public.guard_profile_update();
