-- What a hosted Supabase project has before any migration runs, reduced to what this
-- product uses: the API roles, the auth schema that GoTrue owns, the auth.* helpers that
-- policies call, the realtime publication and the CLI's migration history table.
-- Applied once, on a fresh database, before supabase/migrations/*.sql. The storage schema
-- (buckets, objects, storage.foldername() …) is in storage.sql beside this file, applied to
-- any database that lacks it, so data folders made before it existed get it too.

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role supabase_auth_admin nologin noinherit;
-- The Data API's login role (PostgREST connects as it, then switches to the request's role);
-- its settings hold PostgREST's in-database configuration (pgrst.db_pre_request).
create role authenticator noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

create schema if not exists extensions;
create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

-- GoTrue's users table (the columns this stack reads and writes).
create table auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  -- GoTrue reads these as strings: rows inserted by SQL (the seed) set them to ''.
  email_change_token_new varchar(255),
  email_change varchar(255),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (lower(email)) where email is not null;

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id uuid references auth.users (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

-- How each session was authenticated (GoTrue's mfa_amr_claims): the access token's `amr`
-- claim keeps the original method and time across refreshes.
create table auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- One-time tokens (invite links, confirmations), as GoTrue keeps them.
create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  relates_to text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

-- Failed password sign-ins, for the stack's lockout per email and client address.
create table auth.sign_in_attempts (
  id bigserial primary key,
  email text not null,
  address text not null default '',
  succeeded boolean not null,
  created_at timestamptz not null default now()
);
create index sign_in_attempts_email_idx on auth.sign_in_attempts (lower(email), created_at);

-- The helpers Supabase defines; policies call them as (select auth.uid()).
create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
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
grant execute on all functions in schema auth to anon, authenticated, service_role;

-- The public schema as Supabase sets it up: the API roles may use every object, and
-- row-level security is what decides.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Hosted Supabase streams the tables in this publication over Realtime; migrations add
-- tables to it and the local stack installs NOTIFY triggers on the same tables.
create publication supabase_realtime;

create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
