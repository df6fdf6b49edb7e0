-- Organizations become the laboratory's client accounts (issue 24): who they are (legal
-- and DBA name, NPI with its check digit, the NPPES answer of the lookup, authorized
-- official, primary taxonomy), how they are billed (account number, bill types), where
-- they are (practice and billing address, phone, fax, email), whether they run their own
-- laboratory (CLIA number), and how the courier serves them (pickup windows per weekday,
-- closures, pickup instructions) and whom to call (contacts). The schedule, closures and
-- contacts are small lists edited as one piece, so they are JSON columns of the row
-- (docs/data-model.md); their shapes are checked here as the form checks them
-- (src/lib/organization, supabase/functions/_shared/organization).
--
-- Deactivating an organization is recorded as such: deactivated_at and deactivated_by are
-- set by the server when is_active turns false (and cleared when it turns true again), so
-- the audit log's update row carries who deactivated it and when, and no client can forge
-- either.

-- ---------------------------------------------------------------------------------------
-- Shape checks of the JSON columns (immutable, so they can back check constraints).

create or replace function private.is_hhmm(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$';
$$;
comment on function private.is_hhmm(jsonb) is 'True when the JSON value is a 24-hour time text HH:MM.';

create or replace function private.is_us_address(address jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select address is null or (
    jsonb_typeof(address) = 'object'
    and length(btrim(coalesce(address ->> 'line1', ''))) between 1 and 200
    and length(coalesce(address ->> 'line2', '')) <= 200
    and length(btrim(coalesce(address ->> 'city', ''))) between 1 and 100
    and coalesce(address ->> 'state', '') = any (array[
      'AL','AK','AZ','AR','CA','CO','CT','DE','DC','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME',
      'MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI',
      'SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY','PR','VI','GU','AS','MP'])
    and coalesce(address ->> 'zip', '') ~ '^[0-9]{5}(-[0-9]{4})?$'
  );
$$;
comment on function private.is_us_address(jsonb) is 'True for null or a US postal address {line1, line2?, city, state (USPS code), zip (ZIP or ZIP+4)}.';

-- Pickup windows: [{day: mon..sun, start: HH:MM, end: HH:MM}], each ending after it starts,
-- no two of the same day overlapping (touching is allowed: 09:00–10:00 then 10:00–11:00).
create or replace function private.is_pickup_schedule(schedule jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select schedule is null or (
    jsonb_typeof(schedule) = 'array'
    and jsonb_array_length(schedule) <= 70
    and not exists (
      select 1 from jsonb_array_elements(schedule) w
       where jsonb_typeof(w) <> 'object'
          or coalesce(w ->> 'day', '') <> all (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
          or not private.is_hhmm(w -> 'start')
          or not private.is_hhmm(w -> 'end')
          or (w ->> 'end') <= (w ->> 'start')
    )
    and not exists (
      select 1
        from jsonb_array_elements(schedule) with ordinality a(w, i)
        join jsonb_array_elements(schedule) with ordinality b(w, j)
          on a.i < b.j and (a.w ->> 'day') = (b.w ->> 'day')
       where (a.w ->> 'start') < (b.w ->> 'end') and (b.w ->> 'start') < (a.w ->> 'end')
    )
  );
$$;
comment on function private.is_pickup_schedule(jsonb) is 'True for null or a list of pickup windows {day, start, end} that end after they start and do not overlap on a day.';

-- Closures: [{start: YYYY-MM-DD, end: YYYY-MM-DD, reason}], end on or after start, a reason given.
create or replace function private.is_closure_list(closures jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select closures is null or (
    jsonb_typeof(closures) = 'array'
    and jsonb_array_length(closures) <= 200
    and not exists (
      select 1 from jsonb_array_elements(closures) c
       where jsonb_typeof(c) <> 'object'
          or coalesce(c ->> 'start', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
          or coalesce(c ->> 'end', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
          or (c ->> 'end') < (c ->> 'start')
          or length(btrim(coalesce(c ->> 'reason', ''))) not between 1 and 200
    )
  );
$$;
comment on function private.is_closure_list(jsonb) is 'True for null or a list of closures {start, end, reason} with end on or after start and a reason.';

-- Contacts: [{id, name, role, phone?, email?, preferred_channel: phone|email|fax|text}].
create or replace function private.is_contact_list(contacts jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select contacts is null or (
    jsonb_typeof(contacts) = 'array'
    and jsonb_array_length(contacts) <= 100
    and not exists (
      select 1 from jsonb_array_elements(contacts) c
       where jsonb_typeof(c) <> 'object'
          or length(btrim(coalesce(c ->> 'name', ''))) not between 1 and 120
          or length(btrim(coalesce(c ->> 'role', ''))) not between 1 and 80
          or coalesce(c ->> 'preferred_channel', '') <> all (array['phone', 'email', 'fax', 'text'])
          or (c ->> 'email' is not null and (c ->> 'email') <> '' and (c ->> 'email') !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
    )
  );
$$;
comment on function private.is_contact_list(jsonb) is 'True for null or a list of contacts {id, name, role, phone, email, preferred_channel}.';

revoke execute on function private.is_hhmm(jsonb), private.is_us_address(jsonb), private.is_pickup_schedule(jsonb),
  private.is_closure_list(jsonb), private.is_contact_list(jsonb) from public, anon;
grant execute on function private.is_hhmm(jsonb), private.is_us_address(jsonb), private.is_pickup_schedule(jsonb),
  private.is_closure_list(jsonb), private.is_contact_list(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The columns.

alter table public.organizations
  add column dba_name text,
  add column npi text,
  add column account_number text,
  add column bill_types text[],
  add column practice_address jsonb,
  add column billing_address jsonb,
  add column phone text,
  add column fax text,
  add column email text,
  add column clia_number text,
  add column notes text,
  add column nppes_data jsonb,
  add column nppes_verified_at timestamptz,
  add column authorized_official jsonb,
  add column primary_taxonomy_code text,
  add column primary_taxonomy_description text,
  add column courier_schedule jsonb,
  add column closures jsonb,
  add column pickup_instructions text,
  add column contacts jsonb,
  add column deactivated_at timestamptz,
  add column deactivated_by uuid references public.profiles (id) on delete set null;

-- Organizations made before this migration get an account number and the client-bill type.
update public.organizations o
   set account_number = numbered.account_number
  from (select id, (10000 + row_number() over (order by created_at, id))::text as account_number
          from public.organizations) numbered
 where o.id = numbered.id and o.account_number is null;
update public.organizations set bill_types = array['client'] where bill_types is null or cardinality(bill_types) = 0;

-- Every organization has both. The form always gives them; a row written without them (an
-- older client, a script) gets the next free account number and client billing from the
-- trigger below, which is why the columns are not declared NOT NULL but checked after it.
alter table public.organizations
  add constraint organizations_account_number_present check (account_number is not null),
  add constraint organizations_bill_types_present check (bill_types is not null);

create or replace function private.next_organization_account_number()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select (coalesce(max(account_number::bigint) filter (where account_number ~ '^[0-9]{1,15}$'), 10000) + 1)::text
    from public.organizations;
$$;
comment on function private.next_organization_account_number() is 'The next free numeric account number (one more than the largest, from 10001).';
revoke execute on function private.next_organization_account_number() from public, anon;
grant execute on function private.next_organization_account_number() to authenticated, service_role;

create or replace function private.fill_organization_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.account_number is null then
    -- One numbering at a time, so two inserts never take the same number.
    perform pg_advisory_xact_lock(hashtext('public.organizations.account_number'));
    new.account_number := private.next_organization_account_number();
  end if;
  if new.bill_types is null or cardinality(new.bill_types) = 0 then
    new.bill_types := array['client'];
  end if;
  return new;
end;
$$;
comment on function private.fill_organization_defaults() is 'Trigger: an organization inserted without an account number or bill types gets the next free number and client billing.';
revoke execute on function private.fill_organization_defaults() from public, anon, authenticated;

create trigger fill_organization_defaults before insert on public.organizations
  for each row execute function private.fill_organization_defaults();

alter table public.organizations
  add constraint organizations_npi_check check (npi is null or public.npi_is_valid(npi)),
  add constraint organizations_account_number_check check (account_number ~ '^[A-Z0-9][A-Z0-9-]{2,19}$'),
  add constraint organizations_bill_types_check
    check (cardinality(bill_types) between 1 and 3 and bill_types <@ array['client', 'patient', 'third_party']),
  add constraint organizations_practice_address_check check (private.is_us_address(practice_address)),
  add constraint organizations_billing_address_check check (private.is_us_address(billing_address)),
  add constraint organizations_email_check
    check (email is null or email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  add constraint organizations_clia_number_check check (clia_number is null or clia_number ~ '^[0-9]{2}D[0-9]{7}$'),
  add constraint organizations_dba_name_check check (dba_name is null or length(dba_name) <= 200),
  add constraint organizations_notes_check check (notes is null or length(notes) <= 4000),
  add constraint organizations_pickup_instructions_check check (pickup_instructions is null or length(pickup_instructions) <= 2000),
  add constraint organizations_courier_schedule_check check (private.is_pickup_schedule(courier_schedule)),
  add constraint organizations_closures_check check (private.is_closure_list(closures)),
  add constraint organizations_contacts_check check (private.is_contact_list(contacts));

-- A healthcare organization or sole proprietor has its NPI. Not checked on the rows made
-- before this migration (they get theirs when next edited).
alter table public.organizations
  add constraint organizations_npi_required check (type = 'non_healthcare' or npi is not null) not valid;

create unique index organizations_account_number_unique on public.organizations (account_number) where not _deleted;
create unique index organizations_npi_unique on public.organizations (npi) where npi is not null and not _deleted;
create index organizations_deactivated_by on public.organizations (deactivated_by);

comment on column public.organizations.dba_name is 'Doing-business-as name (NPPES other_names of type "Doing Business As"), shown with the legal name.';
comment on column public.organizations.npi is 'Type 2 NPI (healthcare) or the Type 1 NPI of a sole proprietor; null for non-healthcare accounts.';
comment on column public.organizations.account_number is 'The laboratory''s client account number, unique among organizations.';
comment on column public.organizations.bill_types is 'How the account is billed: client, patient and/or third_party (insurance); at least one.';
comment on column public.organizations.practice_address is 'US address {line1, line2, city, state, zip} where specimens are collected.';
comment on column public.organizations.billing_address is 'US address for invoices; null when it is the practice address.';
comment on column public.organizations.clia_number is 'CLIA certificate number when the client runs its own laboratory (10 characters, third one D).';
comment on column public.organizations.nppes_data is 'The NPPES registry answer of the last lookup or refresh.';
comment on column public.organizations.nppes_verified_at is 'When the organization was last looked up or refreshed in NPPES.';
comment on column public.organizations.authorized_official is 'NPPES authorized official {first_name, last_name, title, phone}.';
comment on column public.organizations.courier_schedule is 'Specimen pickup windows [{day, start, end}] per weekday, edited as one piece.';
comment on column public.organizations.closures is 'Dates the client is closed to pickups [{start, end, reason}], edited as one piece.';
comment on column public.organizations.contacts is 'Who to call at the client [{id, name, role, phone, email, preferred_channel}], edited as one piece.';
comment on column public.organizations.deactivated_at is 'When the organization was deactivated (set by the server; null while active).';
comment on column public.organizations.deactivated_by is 'Who deactivated the organization (set by the server).';
comment on table public.organizations is 'The laboratory''s client accounts (healthcare, non-healthcare, sole proprietor), with billing, courier schedule and contacts.';

-- ---------------------------------------------------------------------------------------
-- Deactivation recorded by the server.

create or replace function private.stamp_organization_deactivation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Without a signed-in user (the database owner: seed, imports, the service role) the row
  -- is written as given, history included; every user's write is stamped by the server.
  if (select auth.uid()) is null then
    return new;
  end if;
  if new.is_active then
    new.deactivated_at := null;
    new.deactivated_by := null;
  elsif tg_op = 'INSERT' or old.is_active then
    new.deactivated_at := clock_timestamp();
    new.deactivated_by := (select auth.uid());
  else
    new.deactivated_at := old.deactivated_at;
    new.deactivated_by := old.deactivated_by;
  end if;
  return new;
end;
$$;
comment on function private.stamp_organization_deactivation() is 'Trigger: sets organizations.deactivated_at/by when a user sets is_active false, clears them when true; users cannot set them.';
revoke execute on function private.stamp_organization_deactivation() from public, anon, authenticated;

create trigger stamp_organization_deactivation before insert or update of is_active, deactivated_at, deactivated_by
  on public.organizations
  for each row execute function private.stamp_organization_deactivation();
