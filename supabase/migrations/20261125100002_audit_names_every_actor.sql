-- The audit names every actor (issue 30).
--
-- 1. Who acted (`changed_by`), in this order:
--    a. the signed-in caller (auth.uid()): the table API and sync_push;
--    b. for the service role only, the user an Edge Function acts for: every function
--       sends its checked caller's id in the `x-actor-id` header of its service-role
--       requests, and PostgREST hands the request's headers to Postgres as the
--       `request.headers` setting (JSON, lower-case names). A signed-in caller's header is
--       ignored (a): nobody but a holder of the service key names an actor;
--    c. `app.audit_actor`, set for one statement by the database's own trusted code (the
--       auth triggers: a user signing up, signing in or changing their e-mail acts
--       themselves; an account an admin's invite-user created names that admin, from
--       app_metadata, which only the service role can set).
--    Rows written with the service key and no actor (tests, scripts, the seed) stay null.
-- 2. Profiles are audited: linking or unlinking a provider, names, sign-ins, deactivation.

create or replace function private.audit_actor()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  uuid_pattern constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  actor text;
  headers jsonb;
begin
  if auth.uid() is not null then
    return auth.uid();
  end if;
  if auth.role() = 'service_role' then
    begin
      headers := nullif(current_setting('request.headers', true), '')::jsonb;
    exception when others then
      headers := null;
    end;
    actor := btrim(headers ->> 'x-actor-id');
    if actor ~ uuid_pattern then
      return actor::uuid;
    end if;
  end if;
  actor := nullif(current_setting('app.audit_actor', true), '');
  if actor ~ uuid_pattern then
    return actor::uuid;
  end if;
  return null;
end;
$$;
comment on function private.audit_actor() is 'Who a write is audited under: auth.uid(); else, for the service role, the x-actor-id request header an Edge Function sends; else app.audit_actor set by the auth triggers.';
revoke execute on function private.audit_actor() from public, anon, authenticated;

create or replace function public.audit_inserted_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
  select tg_table_name, n.id, 'insert', private.audit_actor(), to_jsonb(n) from new_rows n;
  return null;
end;
$$;

create or replace function public.audit_updated_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (table_name, row_id, action, changed_by, changed_fields)
  select tg_table_name, d.id, 'update', private.audit_actor(), d.diff
    from (
      select n.id,
             (select jsonb_object_agg(f.key, jsonb_build_object('old', to_jsonb(o) -> f.key, 'new', f.value))
                from jsonb_each(to_jsonb(n)) as f
               where f.key <> '_modified' and f.value is distinct from to_jsonb(o) -> f.key) as diff
        from new_rows n
        join old_rows o on o.id = n.id
    ) d
   where d.diff is not null;
  return null;
end;
$$;

create or replace function public.audit_deleted_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
  select tg_table_name, o.id, 'delete', private.audit_actor(), to_jsonb(o) from old_rows o;
  return null;
end;
$$;

revoke execute on function public.audit_inserted_rows(), public.audit_updated_rows(), public.audit_deleted_rows()
  from public, anon, authenticated;

-- The statement's writes happen inside these functions, so the setting is cleared before
-- they return: nothing else in GoTrue's transaction is audited under this actor.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  linked text := new.raw_app_meta_data ->> 'provider_id';
  inviter text := new.raw_app_meta_data ->> 'invited_by';
  uuid_pattern constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  linked_provider uuid;
begin
  if linked ~ uuid_pattern then
    select p.id into linked_provider from public.providers p where p.id = linked::uuid;
  end if;
  perform set_config('app.audit_actor', case when inviter ~ uuid_pattern then inviter else new.id::text end, true);
  insert into public.profiles (id, email, first_name, last_name, professional_title, provider_id, last_sign_in)
  values (
    new.id,
    new.email,
    nullif(btrim(coalesce(meta ->> 'first_name', meta ->> 'firstName')), ''),
    nullif(btrim(coalesce(meta ->> 'last_name', meta ->> 'lastName')), ''),
    nullif(btrim(coalesce(meta ->> 'professional_title', meta ->> 'professionalTitle')), ''),
    linked_provider,
    new.last_sign_in_at
  )
  on conflict (id) do nothing;
  perform set_config('app.audit_actor', '', true);
  return new;
end;
$$;
comment on function public.handle_new_user() is 'Creates the profile of a new auth user: email, names and title from user_metadata (snake_case or camelCase), provider link from app_metadata.provider_id; audited under app_metadata.invited_by (an admin''s invitation) or the user.';

create or replace function public.handle_user_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('app.audit_actor', new.id::text, true);
  update public.profiles set last_sign_in = new.last_sign_in_at where id = new.id;
  perform set_config('app.audit_actor', '', true);
  return new;
end;
$$;

create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('app.audit_actor', new.id::text, true);
  update public.profiles set email = new.email, updated_at = now() where id = new.id;
  perform set_config('app.audit_actor', '', true);
  return new;
end;
$$;

revoke execute on function public.handle_new_user(), public.handle_user_sign_in(),
  public.handle_user_email_change() from public, anon, authenticated;

-- Profiles: audited like every table that holds a person's access.
select private.register_synced_table('profiles', true);
