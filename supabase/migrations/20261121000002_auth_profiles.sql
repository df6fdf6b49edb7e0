-- Keeps public.profiles in step with auth.users (which GoTrue owns): a profile for every
-- new account, and its email and last sign-in kept current. The functions are security
-- definer because GoTrue writes auth.users as its own role, which may not write public.

-- Names come from the sign-up or invite metadata (user_metadata), in snake_case or
-- camelCase, as different clients send them. The provider link is taken only from
-- app_metadata, which only the service role can set (an admin's invite through the
-- invite-user function), never from user_metadata, which the user controls.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  linked text := new.raw_app_meta_data ->> 'provider_id';
  linked_provider uuid;
begin
  if linked ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select p.id into linked_provider from public.providers p where p.id = linked::uuid;
  end if;
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
  return new;
end;
$$;
comment on function public.handle_new_user() is 'Creates the profile of a new auth user: email, names and title from user_metadata (snake_case or camelCase), provider link from app_metadata.provider_id.';

create or replace function public.handle_user_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set last_sign_in = new.last_sign_in_at where id = new.id;
  return new;
end;
$$;
comment on function public.handle_user_sign_in() is 'Copies auth.users.last_sign_in_at to profiles.last_sign_in.';

create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email, updated_at = now() where id = new.id;
  return new;
end;
$$;
comment on function public.handle_user_email_change() is 'Copies a changed auth.users.email to profiles.email.';

-- Trigger functions are not API calls.
revoke execute on function public.handle_new_user(), public.handle_user_sign_in(),
  public.handle_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

create trigger on_auth_user_signed_in
  after update of last_sign_in_at on auth.users
  for each row when (old.last_sign_in_at is distinct from new.last_sign_in_at)
  execute function public.handle_user_sign_in();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();
