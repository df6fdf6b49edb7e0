-- Fields that record a fact the server established are written by the server only
-- (issue 30). A signed-in client (role `authenticated`, through the table API or through
-- sync_push, which runs as the caller) cannot forge them: triggers set them from
-- auth.uid() and the clock, keep their stored values, or refuse the write (42501).
-- The service role (the Edge Functions, after checking their caller) and the database
-- owner (migrations, seed, auth triggers) write them as they are.
--
-- * created_at (every table), created_by (providers, delegate approvals): the time of the
--   insert and the inserting user; never changed afterwards;
-- * updated_at: the time of each write that changes the row;
-- * assigned_by (memberships): the inserting user; a client that changes it (re-adding a
--   provider to an organization) can only name itself;
-- * pecos_verified, pecos_verification_date, pecos_verification_data: only verify-pecos
--   (service role); a client's values are replaced by the stored ones (defaults on insert);
--   a changed NPI clears them (the evidence was about another NPI);
-- * nppes_verified: true only for registry data the server looked up itself (verify-npi
--   records each answer in nppes_lookups); nppes_data: on insert, the registry document of
--   a recorded lookup of that NPI (with the form's state and license in its primary
--   taxonomy) or, unverified, the minimal taxonomy entry staff type in; afterwards staff
--   change only the primary taxonomy's state and license (spec §7 call 5).

-- ---------------------------------------------------------------------------------------
-- created_at, updated_at and the attribution column, for any table.
--
-- Trigger arguments: the attribution column ('-' for none), and 'reassign' when a client
-- may re-point it at itself on update (memberships); otherwise it keeps its stored value.

create or replace function private.stamp_server_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  attribution text := nullif(tg_argv[0], '-');
  reassign boolean := coalesce(tg_argv[1], '') = 'reassign';
  new_json jsonb := to_jsonb(new);
  old_json jsonb;
  patch jsonb := '{}'::jsonb;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new_json ? 'created_at' then patch := patch || jsonb_build_object('created_at', now()); end if;
    if new_json ? 'updated_at' then patch := patch || jsonb_build_object('updated_at', now()); end if;
    if attribution is not null then patch := patch || jsonb_build_object(attribution, auth.uid()); end if;
  else
    old_json := to_jsonb(old);
    if new_json ? 'created_at' then patch := patch || jsonb_build_object('created_at', old_json -> 'created_at'); end if;
    if attribution is not null then
      if reassign and new_json -> attribution is distinct from old_json -> attribution then
        patch := patch || jsonb_build_object(attribution, auth.uid());
      else
        patch := patch || jsonb_build_object(attribution, old_json -> attribution);
      end if;
    end if;
    if new_json ? 'updated_at' then
      -- The time of the write when anything else changed; otherwise the stored time.
      if (new_json - array['updated_at', '_modified']) is distinct from (old_json - array['updated_at', '_modified']) then
        patch := patch || jsonb_build_object('updated_at', now());
      else
        patch := patch || jsonb_build_object('updated_at', old_json -> 'updated_at');
      end if;
    end if;
  end if;
  new := jsonb_populate_record(new, patch);
  return new;
end;
$$;
comment on function private.stamp_server_fields() is 'Trigger: for API callers, sets created_at, updated_at and the attribution column (argument 1) from the clock and auth.uid(), and keeps them on update (argument 2 ''reassign'': a changed attribution becomes the caller).';
revoke execute on function private.stamp_server_fields() from public, anon, authenticated;

-- Runs before the other BEFORE triggers of the table (trigger names fire in order).
create trigger a_stamp_server_fields before insert or update on public.organizations
  for each row execute function private.stamp_server_fields('-');
create trigger a_stamp_server_fields before insert or update on public.providers
  for each row execute function private.stamp_server_fields('created_by');
create trigger a_stamp_server_fields before insert or update on public.provider_organization_memberships
  for each row execute function private.stamp_server_fields('assigned_by', 'reassign');
create trigger a_stamp_server_fields before insert or update on public.provider_preferences
  for each row execute function private.stamp_server_fields('-');
create trigger a_stamp_server_fields before insert or update on public.provider_delegate_approvals
  for each row execute function private.stamp_server_fields('created_by');
create trigger a_stamp_server_fields before insert or update on public.user_roles
  for each row execute function private.stamp_server_fields('-');
create trigger a_stamp_server_fields before insert or update on public.profiles
  for each row execute function private.stamp_server_fields('-');

-- ---------------------------------------------------------------------------------------
-- What the NPPES registry answered, as verify-npi received it: the evidence a provider's
-- nppes_data must come from. Written by verify-npi (service role) only.

create table public.nppes_lookups (
  id bigint generated always as identity primary key,
  npi text not null check (public.npi_is_valid(npi)),
  -- The registry's whole answer (the `{result_count, results}` document).
  nppes_data jsonb not null,
  data_hash text generated always as (md5(nppes_data::text)) stored,
  looked_up_by uuid,
  looked_up_at timestamptz not null default now(),
  unique (npi, data_hash)
);
comment on table public.nppes_lookups is 'Registry answers verify-npi received, per NPI: a provider''s nppes_data is accepted as verified only when it is one of them. Service role only (RLS on, no policies).';

alter table public.nppes_lookups enable row level security;
revoke all on table public.nppes_lookups from anon, authenticated;

-- The registry's part of an nppes_data document: everything but the primary taxonomy's
-- state and license, which staff keep up to date (spec §3: the form's primary state and
-- license number live there).
create or replace function private.nppes_registry_part(p_data jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_data -> 'results' -> 0 -> 'taxonomies') = 'array' then
      jsonb_set(p_data, '{results,0,taxonomies}', (
        select coalesce(jsonb_agg(
                 case when jsonb_typeof(t.value) = 'object' and t.value -> 'primary' = 'true'::jsonb
                      then t.value - 'state' - 'license'
                      else t.value end
                 order by t.position), '[]'::jsonb)
          from jsonb_array_elements(p_data -> 'results' -> 0 -> 'taxonomies') with ordinality as t(value, position)))
    else p_data
  end;
$$;
comment on function private.nppes_registry_part(jsonb) is 'nppes_data without the primary taxonomy''s state and license (the part that is the registry''s evidence).';

-- True when the document is a registry answer verify-npi received for this NPI (state and
-- license aside). Security definer: the callers (the provider guard, as the API user) may
-- not read nppes_lookups themselves.
create or replace function private.is_recorded_nppes_answer(p_npi text, p_data jsonb)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_npi is not null and p_data is not null and exists (
    select 1 from public.nppes_lookups l
     where l.npi = p_npi
       and private.nppes_registry_part(l.nppes_data) = private.nppes_registry_part(p_data)
  );
$$;
comment on function private.is_recorded_nppes_answer(text, jsonb) is 'True when nppes_data is (state and license aside) a registry answer verify-npi recorded for the NPI.';

-- The only nppes_data staff may type in without the registry: one result with one primary
-- taxonomy entry (code, description, state, license), as the forms make it for a provider
-- without registry data.
create or replace function private.is_staff_taxonomy(p_data jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  result jsonb;
  entry jsonb;
begin
  if jsonb_typeof(p_data) is distinct from 'object'
    or exists (select 1 from jsonb_object_keys(p_data) k where k not in ('result_count', 'results'))
    or jsonb_typeof(p_data -> 'result_count') = 'object'
    or jsonb_typeof(p_data -> 'results') is distinct from 'array'
    or jsonb_array_length(p_data -> 'results') <> 1 then
    return false;
  end if;
  result := p_data -> 'results' -> 0;
  if jsonb_typeof(result) is distinct from 'object'
    or exists (select 1 from jsonb_object_keys(result) k where k <> 'taxonomies')
    or jsonb_typeof(result -> 'taxonomies') is distinct from 'array'
    or jsonb_array_length(result -> 'taxonomies') <> 1 then
    return false;
  end if;
  entry := result -> 'taxonomies' -> 0;
  if jsonb_typeof(entry) is distinct from 'object' or entry -> 'primary' is distinct from 'true'::jsonb then
    return false;
  end if;
  return not exists (
    select 1 from jsonb_each(entry) e
     where e.key not in ('code', 'desc', 'primary', 'state', 'license')
        or jsonb_typeof(e.value) not in ('string', 'null', 'boolean')
  );
end;
$$;
comment on function private.is_staff_taxonomy(jsonb) is 'True for the minimal nppes_data staff may enter without registry data: one result holding one primary taxonomy (code, desc, state, license).';

revoke execute on function private.nppes_registry_part(jsonb), private.is_recorded_nppes_answer(text, jsonb),
  private.is_staff_taxonomy(jsonb) from public, anon, authenticated;
grant execute on function private.nppes_registry_part(jsonb), private.is_recorded_nppes_answer(text, jsonb),
  private.is_staff_taxonomy(jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------
-- The verification fields of providers.

create or replace function private.guard_provider_verification()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  same_npi boolean;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.pecos_verified := false;
    new.pecos_verification_date := null;
    new.pecos_verification_data := null;
    new.nppes_verified := private.is_recorded_nppes_answer(new.npi, new.nppes_data);
    if new.nppes_data is not null and not new.nppes_verified and not private.is_staff_taxonomy(new.nppes_data) then
      raise exception 'nppes_data must be the NPPES registry''s answer for this NPI (verify it with verify-npi first)'
        using errcode = '42501';
    end if;
    return new;
  end if;

  same_npi := new.npi is not distinct from old.npi;
  if same_npi then
    new.pecos_verified := old.pecos_verified;
    new.pecos_verification_date := old.pecos_verification_date;
    new.pecos_verification_data := old.pecos_verification_data;
    new.nppes_verified := old.nppes_verified;
  else
    -- The evidence was about the old NPI.
    new.pecos_verified := false;
    new.pecos_verification_date := null;
    new.pecos_verification_data := null;
    new.nppes_verified := false;
  end if;
  if new.nppes_data is distinct from old.nppes_data then
    if private.is_recorded_nppes_answer(new.npi, new.nppes_data) then
      new.nppes_verified := true;
    elsif same_npi and private.nppes_registry_part(new.nppes_data) is not distinct from private.nppes_registry_part(old.nppes_data) then
      -- Only the primary taxonomy's state and license changed (spec §7 call 5).
      null;
    elsif not new.nppes_verified and (new.nppes_data is null or private.is_staff_taxonomy(new.nppes_data)) then
      null;
    else
      raise exception 'Only the primary taxonomy''s state and license may be changed in nppes_data; the rest is the NPPES registry''s'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.guard_provider_verification() is 'Trigger: for API callers, keeps the PECOS and NPPES verification fields server-written (see migration 20261125100001).';
revoke execute on function private.guard_provider_verification() from public, anon, authenticated;

create trigger b_guard_provider_verification before insert or update on public.providers
  for each row execute function private.guard_provider_verification();
