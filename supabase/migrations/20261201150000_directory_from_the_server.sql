-- The provider directory from the server while a device's own copy is still downloading
-- (issue 28, "useful before complete"). A new device's first download of 50,000 providers
-- takes about a minute; until it has finished, the provider list's pages and its search are
-- asked here, and the list switches to the local copy once it is complete with no visible
-- change. For that the server must answer exactly as the local list would: the same rows of
-- the scope, matched by the same haystack rule and in the same order
-- (src/features/providers/model/search-text.ts and src/lib/list/search-key.ts). Plain
-- PostgREST filters cannot: `ilike` is neither accent-insensitive nor able to match
-- 'jane doe' across two columns, and `order=last_name` follows the database's collation
-- (case first under "C", locale rules on a hosted project), not the list's order of
-- lowercase, accent-free keys. Hence one function, security invoker: RLS on providers
-- applies to the caller as for any read (staff see the directory, a provider user their
-- own record, no role nothing).

-- The list's searchKey in SQL: accents removed (NFD, combining marks dropped), typographic
-- apostrophes made plain, lowercase, control characters and runs of white space read as one
-- space, ends trimmed. Plain printable ASCII (most names) skips the Unicode work, as the app
-- does. Immutable, so it can be indexed.
create function private.search_key(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
return case
  when value is null then ''
  when value ~ '^[ -~]*$' then pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(value), ' +', ' ', 'g'))
  else pg_catalog.btrim(pg_catalog.regexp_replace(
    pg_catalog.lower(pg_catalog.translate(
      pg_catalog.regexp_replace(pg_catalog.normalize(value, 'NFD'), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
      U&'\2018\2019\02BC', '''''''')),
    '[[:space:][:cntrl:]]+', ' ', 'g'))
end;
comment on function private.search_key(text) is 'The provider list''s search and sort key of a text (src/lib/list/search-key.ts searchKey): lowercase, accent-free, white space collapsed.';
revoke execute on function private.search_key(text) from public, anon;
grant execute on function private.search_key(text) to authenticated, service_role;

-- The list's order (last name, first name, id, as keys compared code unit by code unit):
-- the first page of an unsearched list is then an index scan, not a sort of the directory.
create index providers_directory_order on public.providers
  ((private.search_key(last_name)) collate "C", (private.search_key(first_name)) collate "C", id)
  where not _deleted;

-- Each provider's search keys, kept by trigger: a search must not normalise 50,000 names
-- per request (that took seconds on PGlite at 20,000 providers; reading stored keys is one
-- strpos per row). Apart from public.providers so the synced table and its replication
-- are unchanged; not exposed through the API (schema private). The directory function
-- reads it joined to public.providers, whose RLS decides what the caller sees.
create table private.provider_search_keys (
  id uuid primary key references public.providers (id) on delete cascade,
  -- 'first last' || chr(1) || 'last, first' (the list's haystack without the NPI).
  names text not null,
  last_key text not null,
  first_key text not null,
  npi_key text not null
);
comment on table private.provider_search_keys is 'Search keys of each provider (private.search_key of the names and NPI), kept by trigger for directory_providers (issue 28).';
revoke all on table private.provider_search_keys from public, anon, authenticated;
grant select on table private.provider_search_keys to authenticated, service_role;

-- Inserts are kept per statement (an import or a seed of thousands of rows is one insert
-- of their keys), updates of a name or the NPI per row (a transition table cannot go with
-- a column list).
create function private.keep_inserted_provider_search_keys()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.provider_search_keys (id, names, last_key, first_key, npi_key)
  select k.id, k.first_key || ' ' || k.last_key || pg_catalog.chr(1) || k.last_key || ', ' || k.first_key, k.last_key, k.first_key, k.npi_key
  from (select i.id, private.search_key(i.first_name) as first_key, private.search_key(i.last_name) as last_key, private.search_key(i.npi) as npi_key
        from inserted i) k
  on conflict (id) do update
    set names = excluded.names, last_key = excluded.last_key, first_key = excluded.first_key, npi_key = excluded.npi_key;
  return null;
end;
$$;

create function private.keep_updated_provider_search_keys()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_first text := private.search_key(new.first_name);
  v_last text := private.search_key(new.last_name);
begin
  insert into private.provider_search_keys (id, names, last_key, first_key, npi_key)
  values (new.id, v_first || ' ' || v_last || pg_catalog.chr(1) || v_last || ', ' || v_first, v_last, v_first, private.search_key(new.npi))
  on conflict (id) do update
    set names = excluded.names, last_key = excluded.last_key, first_key = excluded.first_key, npi_key = excluded.npi_key;
  return null;
end;
$$;
revoke execute on function private.keep_inserted_provider_search_keys(), private.keep_updated_provider_search_keys() from public, anon, authenticated;
create trigger keep_inserted_provider_search_keys
  after insert on public.providers
  referencing new table as inserted
  for each statement execute function private.keep_inserted_provider_search_keys();
create trigger keep_updated_provider_search_keys
  after update of first_name, last_name, npi on public.providers
  for each row execute function private.keep_updated_provider_search_keys();

insert into private.provider_search_keys (id, names, last_key, first_key, npi_key)
select p.id,
  private.search_key(p.first_name) || ' ' || private.search_key(p.last_name) || pg_catalog.chr(1) || private.search_key(p.last_name) || ', ' || private.search_key(p.first_name),
  private.search_key(p.last_name), private.search_key(p.first_name), private.search_key(p.npi)
from public.providers p;

-- What a list row shows of the stored PECOS evidence (the list's slimRow, from
-- medicareLabOrdering in src/features/providers/model/pecos-status.ts): whether the
-- provider may order Medicare Part B lab tests, for this NPI, or null when unknown (no NPI,
-- no evidence, evidence for another NPI, or evidence that does not say).
create function private.list_pecos_answer(p_npi text, p_data jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
return case
  when pg_catalog.btrim(coalesce(p_npi, '')) = '' or p_data is null or pg_catalog.jsonb_typeof(p_data) <> 'object' then null
  when pg_catalog.jsonb_typeof(p_data -> 'npi') = 'string' and pg_catalog.btrim(p_data ->> 'npi') <> pg_catalog.btrim(p_npi) then null
  when pg_catalog.jsonb_typeof(p_data -> 'can_order_part_b') = 'boolean'
    then pg_catalog.jsonb_build_object('npi', p_npi, 'can_order_part_b', (p_data -> 'can_order_part_b')::boolean)
  when pg_catalog.jsonb_typeof(p_data -> 'order_referring') = 'object' and pg_catalog.jsonb_typeof(p_data -> 'order_referring' -> 'rows') = 'array'
    then pg_catalog.jsonb_build_object('npi', p_npi, 'can_order_part_b', exists (
      select 1 from pg_catalog.jsonb_array_elements(p_data -> 'order_referring' -> 'rows') as r(row_value)
      where pg_catalog.jsonb_typeof(r.row_value) = 'object'
        and pg_catalog.upper(pg_catalog.btrim(coalesce(r.row_value ->> 'PARTB', ''))) = 'Y'))
  else null
end;
comment on function private.list_pecos_answer(text, jsonb) is 'The Medicare ordering answer a provider list row shows, reduced from the stored PECOS evidence (issue 28).';
revoke execute on function private.list_pecos_answer(text, jsonb) from public, anon;
grant execute on function private.list_pecos_answer(text, jsonb) to authenticated, service_role;

-- One page of a provider list (scope 'all', 'healthcare' with an NPI, 'non_healthcare'
-- without), optionally searched: a row matches when the normalised query is a substring of
-- 'first last', 'last, first' or (except on the non-healthcare list) the NPI. Rows come in
-- the list's order; match_count is how many rows match, scope_count how many the scope
-- holds (the list's "3 of 59 providers"). pecos_verification_data is reduced to what a list
-- row shows (the Medicare ordering answer, as the list's slimRow keeps it), so a page stays
-- small over a clinic connection.
create function public.directory_providers(
  p_search text default '',
  p_scope text default 'all',
  p_limit integer default 60,
  p_offset integer default 0
)
returns table (
  id uuid,
  first_name text,
  last_name text,
  credential text,
  nickname text,
  email text,
  npi text,
  taxonomy_description text,
  is_active boolean,
  exclusion_status text,
  pecos_verified boolean,
  pecos_verification_date timestamptz,
  pecos_verification_data jsonb,
  match_count bigint,
  scope_count bigint
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_needle text := private.search_key(p_search);
  v_limit integer := least(greatest(coalesce(p_limit, 60), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_scope_count bigint;
begin
  if p_scope is null or p_scope not in ('all', 'healthcare', 'non_healthcare') then
    raise exception 'Unknown provider list: %', p_scope using errcode = '22023';
  end if;
  select count(*) into v_scope_count from public.providers p
  where not p._deleted
    and (p_scope = 'all' or (pg_catalog.btrim(coalesce(p.npi, '')) <> '') = (p_scope = 'healthcare'));

  if v_needle = '' then
    return query
      select p.id, p.first_name, p.last_name, p.credential, p.nickname, p.email, p.npi, p.taxonomy_description,
        p.is_active, p.exclusion_status, p.pecos_verified, p.pecos_verification_date,
        private.list_pecos_answer(p.npi, p.pecos_verification_data), v_scope_count, v_scope_count
      from public.providers p
      where not p._deleted
        and (p_scope = 'all' or (pg_catalog.btrim(coalesce(p.npi, '')) <> '') = (p_scope = 'healthcare'))
      order by private.search_key(p.last_name) collate "C", private.search_key(p.first_name) collate "C", p.id
      limit v_limit offset v_offset;
    return;
  end if;

  return query
    select p.id, p.first_name, p.last_name, p.credential, p.nickname, p.email, p.npi, p.taxonomy_description,
      p.is_active, p.exclusion_status, p.pecos_verified, p.pecos_verification_date,
      private.list_pecos_answer(p.npi, p.pecos_verification_data), pg_catalog.count(*) over (), v_scope_count
    from public.providers p
    join private.provider_search_keys k on k.id = p.id
    where not p._deleted
      and (p_scope = 'all' or (pg_catalog.btrim(coalesce(p.npi, '')) <> '') = (p_scope = 'healthcare'))
      and (pg_catalog.strpos(k.names, v_needle) > 0
        or (p_scope <> 'non_healthcare' and k.npi_key <> '' and pg_catalog.strpos(k.npi_key, v_needle) > 0))
    order by k.last_key collate "C", k.first_key collate "C", p.id
    limit v_limit offset v_offset;
end;
$$;
comment on function public.directory_providers(text, text, integer, integer) is 'A page of a provider list (scope, search) in the list''s order, for a device whose own copy is still downloading (issue 28). Security invoker: RLS applies.';
revoke execute on function public.directory_providers(text, text, integer, integer) from public, anon;
grant execute on function public.directory_providers(text, text, integer, integer) to authenticated, service_role;

-- The organization lists' order: legal name, then id.
create index organizations_directory_order on public.organizations
  ((private.search_key(legal_name)) collate "C", id)
  where not _deleted;

-- One page of an organization list (scope 'all' or one type), optionally searched, as the
-- local organization list answers it (src/features/organizations/data/
-- organization-list-definition.ts): a row matches when the normalised query is a substring
-- of its legal name, DBA name, NPI, account number or practice city (no match across two
-- of them); in legal-name order. The practice address is reduced to its city and state, as
-- the list keeps it (a complete address only, as addressOf reads it).
create function public.directory_organizations(
  p_search text default '',
  p_scope text default 'all',
  p_limit integer default 60,
  p_offset integer default 0
)
returns table (
  id uuid,
  legal_name text,
  dba_name text,
  type text,
  npi text,
  account_number text,
  is_active boolean,
  city text,
  state text,
  exclusion_status text,
  match_count bigint,
  scope_count bigint
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_needle text := private.search_key(p_search);
  v_limit integer := least(greatest(coalesce(p_limit, 60), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_scope_count bigint;
begin
  if p_scope is null or p_scope not in ('all', 'healthcare', 'non_healthcare', 'sole_proprietor') then
    raise exception 'Unknown organization list: %', p_scope using errcode = '22023';
  end if;
  select count(*) into v_scope_count from public.organizations o
  where not o._deleted and (p_scope = 'all' or o.type = p_scope);

  return query
    with listed as (
      select o.*, a.city as a_city, a.state as a_state, private.search_key(o.legal_name) as k_name
      from public.organizations o
      cross join lateral (
        select case when complete then pg_catalog.btrim(o.practice_address ->> 'city') end as city,
               case when complete then pg_catalog.btrim(o.practice_address ->> 'state') end as state
        from (select pg_catalog.jsonb_typeof(o.practice_address) = 'object'
                 and coalesce(pg_catalog.btrim(o.practice_address ->> 'line1'), '') <> ''
                 and coalesce(pg_catalog.btrim(o.practice_address ->> 'city'), '') <> ''
                 and coalesce(pg_catalog.btrim(o.practice_address ->> 'state'), '') <> ''
                 and coalesce(pg_catalog.btrim(o.practice_address ->> 'zip'), '') <> '' as complete) c
      ) a
      where not o._deleted and (p_scope = 'all' or o.type = p_scope)
    ),
    matched as (
      select l.* from listed l
      where v_needle = ''
         or pg_catalog.strpos(pg_catalog.concat_ws(pg_catalog.chr(1),
              nullif(l.k_name, ''), nullif(private.search_key(l.dba_name), ''),
              nullif(private.search_key(l.npi), ''), nullif(private.search_key(l.account_number), ''),
              nullif(private.search_key(l.a_city), '')), v_needle) > 0
    )
    select m.id, m.legal_name, m.dba_name, m.type, m.npi, m.account_number, m.is_active, m.a_city, m.a_state, m.exclusion_status,
      pg_catalog.count(*) over (), v_scope_count
    from matched m
    order by m.k_name collate "C", m.id
    limit v_limit offset v_offset;
end;
$$;
comment on function public.directory_organizations(text, text, integer, integer) is 'A page of an organization list (scope, search) in the list''s order, for a device whose own copy is still downloading (issue 28). Security invoker: RLS applies.';
revoke execute on function public.directory_organizations(text, text, integer, integer) from public, anon;
grant execute on function public.directory_organizations(text, text, integer, integer) to authenticated, service_role;
