-- A real PostgreSQL database prepared as Supabase prepares a project's database before
-- the first migration runs, written from Supabase's public documentation (each fact below
-- names the page it rests on). Run once, as the bootstrap superuser `supabase_admin`, on a
-- fresh cluster; the migrations and the seed then run as `postgres`, which on Supabase is
-- NOT a superuser. Only what the product's migrations, seed and policies touch is here.

-- Roles.
-- "Roles, superuser access and unsupported operations"
-- (https://supabase.com/docs/guides/database/postgres/roles-superuser): every project gets
-- a `postgres` role that is not a superuser but has extra privileges; `ALTER USER … WITH
-- SUPERUSER` is not available to it. "Postgres Roles"
-- (https://supabase.com/docs/guides/database/postgres/roles) lists the predefined roles:
-- postgres, anon (unauthenticated API requests), authenticated (signed-in users),
-- service_role (elevated, bypasses RLS), authenticator (the API's login role, which
-- switches to the role of the request's JWT), supabase_auth_admin (Auth's own role).
-- "Understanding API keys" (https://supabase.com/docs/guides/api/api-keys): the anon and
-- service_role keys map to those Postgres roles; service_role bypasses row-level security.
create role postgres login createrole createdb replication bypassrls;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
create role supabase_auth_admin login noinherit createrole;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
-- PostgREST's in-database configuration: "PostgREST aggregate functions"
-- (https://supabase.com/docs/guides/api/rest/aggregate-functions) has projects run
-- `ALTER ROLE authenticator SET pgrst.db_aggregates_enabled = 'true'` as postgres, and
-- "Securing your API" does the same for `pgrst.db_pre_request`: Supabase lets postgres set
-- the API's `pgrst.*` settings (its supautils extension); plain PostgreSQL 15 needs the SET
-- privilege on each such parameter for a role that is not a superuser.
grant set on parameter pgrst.db_pre_request to postgres;

-- The project's database belongs to postgres, which owns what the migrations create
-- (roles-superuser page above: migrations and the SQL editor run as postgres). On
-- PostgreSQL 15 the public schema belongs to pg_database_owner, i.e. to postgres here.
alter database postgres owner to postgres;

-- The Data API's roles may use the public schema, and postgres' new tables, sequences and
-- functions there are granted to them: row-level security decides. "Data API"
-- (https://supabase.com/docs/guides/database/data-api) and "Hardening the Data API"
-- (https://supabase.com/docs/guides/database/hardening-data-api) show these grants and
-- default privileges `for role postgres in schema public`.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

-- Extensions live in their own schema. "Postgres Extensions Overview"
-- (https://supabase.com/docs/guides/database/extensions): Supabase installs extensions in
-- the `extensions` schema (pgcrypto and uuid-ossp come enabled), which the API's
-- `extra_search_path` (config.toml [api]) puts on the search path.
create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- The auth schema belongs to Supabase Auth (supabase_auth_admin). "User Management"
-- (https://supabase.com/docs/guides/auth/managing-user-data): user data lives in
-- `auth.users`, which the API does not expose; projects reference it from their own tables
-- and put triggers on it (the handle_new_user pattern), so postgres may reference and
-- trigger on it. "Identities" (https://supabase.com/docs/guides/auth/identities): each
-- sign-in method of a user is a row of `auth.identities`. The columns are GoTrue's.
create schema auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
grant all on auth.users, auth.identities to postgres, service_role;

-- The helpers policies call. "Row Level Security"
-- (https://supabase.com/docs/guides/database/postgres/row-level-security): `auth.uid()`
-- returns the id of the user making the request and `auth.jwt()` the request's JWT claims,
-- both read from the claims the Data API sets for the transaction
-- (`request.jwt.claims`); `auth.role()` is the role claim. Policies call them as
-- `(select auth.uid())` (same page, "Call functions with select").
create function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
create function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;
create function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;
create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to postgres, anon, authenticated, service_role;

-- Realtime streams the tables of one publication. "Postgres Changes"
-- (https://supabase.com/docs/guides/realtime/postgres-changes): tables are added with
-- `alter publication supabase_realtime add table …`, which the migrations do as postgres,
-- the publication's owner.
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;

-- postgres may create schemas in its database (the migrations create `private` and
-- `sync_clock`). The migration history table is the CLI's own, created below by the
-- runner as the CLI creates it.
grant create on database postgres to postgres;
