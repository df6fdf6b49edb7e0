-- Users and access (issue 25): who may see whom, the rules that keep the laboratory's
-- admins in place, the account states only the server records, who gets in on sign-up,
-- and the laboratory's access settings.
--
-- 1. Profiles record an invitation (invited_at, invited_by) next to the deactivation of
--    20261125000001; those four columns are written only by the functions (invite-user,
--    manage-user) through the service-role helpers below, never through the Data API, so a
--    deactivation always goes with Auth's ban and an audit row naming the admin.
-- 2. Who reads profiles and roles: admins every account; staff the accounts that hold a
--    role (the delegate search and the linked-user display need them; a pending sign-up is
--    no one's colleague yet); a provider login their own and their delegates'. Roles: own,
--    admins all, staff the provider roles (the linked-user display). See
--    docs/access-matrix.md, "Users".
-- 3. The admins stay: the last active admin can never lose the admin role or be
--    deactivated, and an admin can neither remove their own admin role nor deactivate
--    themselves, whoever writes (triggers, not only policies). A revoked role can be
--    granted again with a new row (the device never sees the old one's id).
-- 4. A profile that becomes visible to more readers (a role granted, a delegate approved)
--    is touched, so the devices that can now see it pull it.
-- 5. Sign-up: a self-signed-up account holds no role (pending) until an admin approves it,
--    unless its confirmed email's domain is on the laboratory's allowed list: then it gets
--    `staff`. Invited accounts get their roles from the invitation.
-- 6. public.app_settings: one row of laboratory settings (allowed sign-up domains, the
--    automatic lock's timeout): everyone with a role reads it, admins change it, audited.
-- 7. The functions' writes as the admin who called them (account_* helpers, service role
--    only): the audit names the actor, not null.

-- ---------------------------------------------------------------------------------------
-- 1. Invitation columns.

alter table public.profiles
  add column invited_at timestamptz,
  add column invited_by uuid references public.profiles (id) on delete set null;
comment on column public.profiles.invited_at is 'When an admin last sent this account an invitation (null: signed up by themselves). Set by the functions only.';
comment on column public.profiles.invited_by is 'The admin who last invited this account. Set by the functions only.';
comment on column public.profiles.deactivated_by is 'The admin who deactivated the account. Set by the manage-user function only.';

-- ---------------------------------------------------------------------------------------
-- Helpers for the policies and triggers below (security definer: they read roles and
-- approvals without recursing into those tables' own policies).

create or replace function private.holds_role(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = p_user and not r._deleted);
$$;
comment on function private.holds_role(uuid) is 'True when the user holds any active role (an approved account).';

create or replace function private.delegates_for_me(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.provider_delegate_approvals a
     where a.delegate_id = p_user and a.provider_id = private.my_provider_id()
       and a.is_active and not a._deleted
  );
$$;
comment on function private.delegates_for_me(uuid) is 'True when the user is an active delegate of the caller''s own provider record.';

create or replace function private.other_active_admins(p_user uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(distinct r.user_id)::int
    from public.user_roles r
    join public.profiles p on p.id = r.user_id
   where r.role = 'admin' and not r._deleted and r.user_id <> p_user
     and p.deactivated_at is null and not p._deleted;
$$;
comment on function private.other_active_admins(uuid) is 'How many admins other than p_user hold an active admin role on an active profile.';

-- The caller's account is approved and active: it holds a role and is not deactivated.
-- The policies below require it on top of the role helpers, so they fail closed on their
-- own: a pending sign-up or a deactivated account reads no one's account, role or setting.
create or replace function private.my_account_active()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
     where p.id = (select auth.uid()) and p.deactivated_at is null and not p._deleted
  ) and private.holds_role((select auth.uid()));
$$;
comment on function private.my_account_active() is 'True when the caller''s profile is active (not deactivated) and holds a role.';

revoke execute on function private.holds_role(uuid), private.delegates_for_me(uuid), private.other_active_admins(uuid),
  private.my_account_active()
  from public, anon;
grant execute on function private.holds_role(uuid), private.delegates_for_me(uuid), private.other_active_admins(uuid),
  private.my_account_active()
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- 2. Who reads profiles and roles.

drop policy if exists "staff read profiles, everyone their own" on public.profiles;
create policy "profiles: own; admins all; staff approved accounts; a provider login its delegates" on public.profiles
  for select to authenticated
  using (
    id = (select auth.uid())
    or ((select private.my_account_active()) and (
      (select private.is_admin())
      or ((select private.is_staff()) and private.holds_role(id))
      or ((select private.is_provider_user()) and private.delegates_for_me(id))
    ))
  );

drop policy if exists "staff read roles, everyone their own" on public.user_roles;
create policy "roles: own; admins all; staff the provider roles" on public.user_roles
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or ((select private.my_account_active()) and (
      (select private.is_admin())
      or ((select private.is_staff()) and role = 'provider')
    ))
  );

-- ---------------------------------------------------------------------------------------
-- 3. The admins stay, and account states are the functions' to write.

-- Serialises every change that could remove an admin, so two admins removing each other
-- at the same moment cannot both pass the count.
create or replace function private.lock_admin_changes()
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(2511250001);
$$;
revoke execute on function private.lock_admin_changes() from public, anon, authenticated;

create or replace function public.guard_admin_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  removes_admin boolean := false;
begin
  if old.role = 'admin' and not old._deleted then
    if tg_op = 'DELETE' then
      removes_admin := true;
    else
      removes_admin := new.role <> 'admin' or new._deleted or new.user_id <> old.user_id;
    end if;
  end if;
  if removes_admin then
    if old.user_id = (select auth.uid()) then
      raise exception 'An admin cannot remove their own admin role.' using errcode = '42501';
    end if;
    perform private.lock_admin_changes();
    if private.other_active_admins(old.user_id) = 0
       and exists (select 1 from public.profiles p where p.id = old.user_id and p.deactivated_at is null and not p._deleted) then
      raise exception 'The last admin cannot be removed.' using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;
comment on function public.guard_admin_role() is 'Refuses removing the last active admin''s admin role (P0001) and an admin removing their own (42501), for every writer.';

create trigger guard_admin_role before update or delete on public.user_roles
  for each row execute function public.guard_admin_role();

create or replace function private.holds_admin(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = p_user and r.role = 'admin' and not r._deleted);
$$;
revoke execute on function private.holds_admin(uuid) from public, anon;
grant execute on function private.holds_admin(uuid) to authenticated, service_role;
grant execute on function private.lock_admin_changes() to service_role;

-- Not security definer on purpose (as guard_profile_update): current_user is the caller's
-- role, `authenticated` under the Data API (an admin's session included), the owner inside
-- the functions' account_* helpers and the auth triggers.
create or replace function public.guard_account_state()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.deactivated_at is not distinct from old.deactivated_at
     and new.deactivated_by is not distinct from old.deactivated_by
     and new.invited_at is not distinct from old.invited_at
     and new.invited_by is not distinct from old.invited_by then
    return new;
  end if;
  if current_user in ('anon', 'authenticated') then
    raise exception 'Invitations and deactivations are recorded by the invite-user and manage-user functions only.'
      using errcode = '42501';
  end if;
  if old.deactivated_at is null and new.deactivated_at is not null then
    if new.id = (select auth.uid()) then
      raise exception 'You cannot deactivate your own account.' using errcode = '42501';
    end if;
    perform private.lock_admin_changes();
    if private.holds_admin(new.id) and private.other_active_admins(new.id) = 0 then
      raise exception 'The last admin cannot be deactivated.' using errcode = 'P0001';
    end if;
  end if;
  return new;
end;
$$;
comment on function public.guard_account_state() is 'Profiles: invited_at/by and deactivated_at/by are written by the functions only (42501 through the Data API); nobody deactivates themselves or the last admin.';

create trigger guard_account_state before update on public.profiles
  for each row execute function public.guard_account_state();

revoke execute on function public.guard_admin_role(), public.guard_account_state() from public, anon, authenticated;

-- A role granted again after it was revoked: the app writes a new row (a device cannot see
-- the old, soft-deleted one), and the old row's tombstone gives way so (user_id, role)
-- stays unique. If the new row is refused (RLS, a guard), the tombstone stays too.
create or replace function public.revive_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.user_roles r
   where r.user_id = new.user_id and r.role = new.role and r._deleted and r.id <> new.id;
  return new;
end;
$$;
comment on function public.revive_role() is 'Before a role row is inserted: removes the soft-deleted row of the same user and role, so a revoked role can be granted again.';
revoke execute on function public.revive_role() from public, anon, authenticated;
create trigger revive_role before insert on public.user_roles
  for each row execute function public.revive_role();

-- ---------------------------------------------------------------------------------------
-- 4. A profile newly visible to more readers reaches their devices: touching it moves its
--    _modified past their pull checkpoints (an update that changes nothing else leaves no
--    audit row).

create or replace function private.touch_profile(p_user uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.profiles set updated_at = updated_at where id = p_user;
$$;
revoke execute on function private.touch_profile(uuid) from public, anon, authenticated;

create or replace function public.touch_profile_of_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new._deleted is distinct from old._deleted or new.role is distinct from old.role then
    perform private.touch_profile(new.user_id);
  end if;
  return null;
end;
$$;

create or replace function public.touch_profile_of_delegate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.is_active is distinct from old.is_active or new._deleted is distinct from old._deleted then
    perform private.touch_profile(new.delegate_id);
  end if;
  return null;
end;
$$;
revoke execute on function public.touch_profile_of_role(), public.touch_profile_of_delegate() from public, anon, authenticated;

create trigger touch_profile_of_role after insert or update on public.user_roles
  for each row execute function public.touch_profile_of_role();
create trigger touch_profile_of_delegate after insert or update on public.provider_delegate_approvals
  for each row execute function public.touch_profile_of_delegate();

-- ---------------------------------------------------------------------------------------
-- 6. The laboratory's settings (before the sign-up rule, which reads them).

create or replace function private.valid_domains(p_domains text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_length(p_domains, 1), 0) <= 50
     and coalesce(bool_and(d ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'), true)
    from unnest(p_domains) as d;
$$;
comment on function private.valid_domains(text[]) is 'At most 50 lower-case domain names (example.org), nothing else.';
revoke execute on function private.valid_domains(text[]) from public, anon;
grant execute on function private.valid_domains(text[]) to authenticated, service_role;

create table public.app_settings (
  id uuid primary key default '00000000-0000-0000-0000-000000000001'
    check (id = '00000000-0000-0000-0000-000000000001'),
  allowed_signup_domains text[] not null default '{}'
    check (private.valid_domains(allowed_signup_domains)),
  lock_timeout_minutes integer not null default 15 check (lock_timeout_minutes between 2 and 60),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
comment on table public.app_settings is 'The laboratory''s settings, one row: allowed sign-up domains, the automatic lock''s timeout. Everyone with a role reads it, admins change it.';
comment on column public.app_settings.allowed_signup_domains is 'A self-signed-up account whose confirmed email is on one of these domains gets the staff role at once; others wait for an admin.';
comment on column public.app_settings.lock_timeout_minutes is 'Minutes without input before the app locks (2 to 60).';

insert into public.app_settings default values;

create or replace function public.stamp_app_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := old.id;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;
revoke execute on function public.stamp_app_settings() from public, anon, authenticated;
create trigger stamp_app_settings before update on public.app_settings
  for each row execute function public.stamp_app_settings();

create trigger audit_updated_rows after update on public.app_settings
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.audit_updated_rows();

alter table public.app_settings enable row level security;
revoke all on table public.app_settings from anon, authenticated;
grant select on table public.app_settings to authenticated;
grant update (allowed_signup_domains, lock_timeout_minutes) on table public.app_settings to authenticated;

create policy "everyone with a role reads the settings" on public.app_settings
  for select to authenticated
  using ((select private.my_account_active()));
-- Readers reach the row (USING) so that anyone but an admin is refused out loud (WITH
-- CHECK: 403 42501) rather than told that nothing matched.
create policy "admins change the settings" on public.app_settings
  for update to authenticated
  using ((select private.my_account_active()))
  with check ((select private.my_account_active()) and (select private.is_admin()));

-- ---------------------------------------------------------------------------------------
-- 5. Who gets in on sign-up. Fires when an address is confirmed (at insert when Auth
--    confirms at once): an invitation is confirmed by its link, when invited_at is already
--    set, so only self sign-ups pass. The trigger's name sorts after on_auth_user_created,
--    which creates the profile first.

create or replace function public.handle_user_confirmed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  domain text := lower(split_part(coalesce(new.email, ''), '@', 2));
begin
  if new.email_confirmed_at is null or new.invited_at is not null or domain = '' then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.email_confirmed_at is not null then
    return null;
  end if;
  if not exists (select 1 from public.app_settings s where domain = any (s.allowed_signup_domains)) then
    return null;
  end if;
  -- Only an account nobody has decided about: no role ever (an admin's revocation stays),
  -- an active profile.
  if exists (select 1 from public.user_roles r where r.user_id = new.id)
     or not exists (select 1 from public.profiles p where p.id = new.id and p.deactivated_at is null and not p._deleted) then
    return null;
  end if;
  insert into public.user_roles (user_id, role) values (new.id, 'staff');
  return null;
end;
$$;
comment on function public.handle_user_confirmed() is 'Gives the staff role to a self-signed-up account whose confirmed email domain is on app_settings.allowed_signup_domains.';
revoke execute on function public.handle_user_confirmed() from public, anon, authenticated;

create trigger on_auth_user_email_confirmed
  after insert or update of email_confirmed_at on auth.users
  for each row execute function public.handle_user_confirmed();

-- ---------------------------------------------------------------------------------------
-- 7. The functions' account writes, as the admin who called them. Service role only: the
--    functions check the caller is an admin before calling these. The actor becomes the
--    transaction's auth.uid(), so every trigger (the profiles' audit of 20261125100002,
--    the guards) sees who acted.

create or replace function private.act_as(p_actor uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_actor is null then
    raise exception 'An account change needs the admin who makes it' using errcode = '22023';
  end if;
  perform set_config('request.jwt.claim.sub', p_actor::text, true);
  perform set_config('request.jwt.claims',
    (coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb)
      || jsonb_build_object('sub', p_actor::text))::text, true);
end;
$$;
revoke execute on function private.act_as(uuid) from public, anon, authenticated;

create or replace function public.account_set_deactivated(p_actor uuid, p_user uuid, p_deactivated boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb;
  after_row jsonb;
begin
  perform private.act_as(p_actor);
  select jsonb_build_object('deactivated_at', p.deactivated_at, 'deactivated_by', p.deactivated_by)
    into before_row from public.profiles p where p.id = p_user and not p._deleted for update;
  if before_row is null then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  if p_deactivated = ((before_row ->> 'deactivated_at') is not null) then
    return before_row; -- already so: a repeat changes nothing
  end if;
  update public.profiles
     set deactivated_at = case when p_deactivated then now() end,
         deactivated_by = case when p_deactivated then p_actor end,
         updated_at = now()
   where id = p_user
  returning jsonb_build_object('deactivated_at', deactivated_at, 'deactivated_by', deactivated_by) into after_row;
  return after_row;
end;
$$;
comment on function public.account_set_deactivated(uuid, uuid, boolean) is 'manage-user: deactivate or reactivate a profile as p_actor (audited, guarded). Service role only.';

create or replace function public.account_record_invitation(p_actor uuid, p_user uuid, p_roles text[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb;
  after_row jsonb;
  granted text;
begin
  perform private.act_as(p_actor);
  select jsonb_build_object('invited_at', p.invited_at, 'invited_by', p.invited_by)
    into before_row from public.profiles p where p.id = p_user and not p._deleted for update;
  if before_row is null then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  foreach granted in array coalesce(p_roles, '{}') loop
    insert into public.user_roles (user_id, role) values (p_user, granted)
    on conflict (user_id, role) do update set _deleted = false where public.user_roles._deleted;
  end loop;
  update public.profiles set invited_at = now(), invited_by = p_actor, updated_at = now()
   where id = p_user
  returning jsonb_build_object('invited_at', invited_at, 'invited_by', invited_by) into after_row;
  return after_row;
end;
$$;
comment on function public.account_record_invitation(uuid, uuid, text[]) is 'invite-user / manage-user: record an invitation (or its resending) by p_actor and grant its roles first (audited). Service role only.';

revoke execute on function public.account_set_deactivated(uuid, uuid, boolean), public.account_record_invitation(uuid, uuid, text[])
  from public, anon, authenticated;
grant execute on function public.account_set_deactivated(uuid, uuid, boolean), public.account_record_invitation(uuid, uuid, text[])
  to service_role;


-- Every foreign key leads an index (Supabase's linter rule unindexed_foreign_keys).
create index if not exists profiles_invited_by_idx on public.profiles (invited_by);
create index if not exists app_settings_updated_by_idx on public.app_settings (updated_by);
