-- Access is granted, never inferred (issue 30, docs/access-matrix.md).
--
-- Before, `is_staff()` meant "signed in and not a provider login": a user whose provider
-- role was revoked, a self-signed-up account and a deleted profile all read and wrote the
-- whole directory. Now every helper asks for an active role on an active profile:
--
-- * staff access  = an active `staff` or `admin` role, on a profile that is neither
--                   deactivated (profiles.deactivated_at) nor deleted (profiles._deleted);
-- * admin         = an active `admin` role on an active profile;
-- * provider user = an active `provider` role on an active profile, without staff access:
--                   they see their own provider record and what hangs off it;
-- * no role       = nothing but their own profile and role rows (a sign-up waits for an
--                   admin's approval; a revoked user learns that their access ended).
--
-- Revoking a role or deactivating a profile ends access on the caller's next request: the
-- helpers read the tables on every statement, nothing is cached in the token.
--
-- Every policy now calls the private helpers, and the public wrappers are dropped: no
-- security definer function is left in the exposed schema for /rest/v1/rpc to call
-- (Supabase's lint `authenticated_security_definer_function_executable`).

-- ---------------------------------------------------------------------------------------
-- The one definition of access.

create or replace function private.has_active_role(p_roles text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.user_roles r
      join public.profiles p on p.id = r.user_id
     where r.user_id = (select auth.uid())
       and r.role = any (p_roles)
       and not r._deleted
       and not p._deleted
       and p.deactivated_at is null
  );
$$;
comment on function private.has_active_role(text[]) is 'True when the caller holds one of the roles, not revoked, on a profile neither deactivated nor deleted.';

create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_active_role(array['staff', 'admin']);
$$;
comment on function private.is_staff() is 'Staff access (read and edit the directory): an active staff or admin role on an active profile.';

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_active_role(array['admin']);
$$;
comment on function private.is_admin() is 'An active admin role on an active profile.';

create or replace function private.is_provider_user()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_active_role(array['provider']) and not private.is_staff();
$$;
comment on function private.is_provider_user() is 'A provider login (active provider role on an active profile) without staff access: sees only their own provider record.';

create or replace function private.my_provider_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.provider_id
    from public.profiles p
   where p.id = (select auth.uid())
     and not p._deleted
     and p.deactivated_at is null
     and private.has_active_role(array['provider']);
$$;
comment on function private.my_provider_id() is 'The provider record an active provider login is linked to (null for everyone else).';

revoke execute on function private.has_active_role(text[]) from public, anon, authenticated;
revoke execute on function private.is_staff(), private.is_admin(), private.is_provider_user(),
  private.my_provider_id() from public, anon;
grant execute on function private.is_staff(), private.is_admin(), private.is_provider_user(),
  private.my_provider_id() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Every policy on the private helpers (same names, same meaning but for who has access).

drop policy "staff read organizations" on public.organizations;
drop policy "staff add organizations" on public.organizations;
drop policy "staff edit organizations" on public.organizations;
create policy "staff read organizations" on public.organizations
  for select to authenticated using ((select private.is_staff()));
create policy "staff add organizations" on public.organizations
  for insert to authenticated with check ((select private.is_staff()));
create policy "staff edit organizations" on public.organizations
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

drop policy "staff read providers, a provider user their own" on public.providers;
drop policy "staff add providers" on public.providers;
drop policy "staff edit providers" on public.providers;
create policy "staff read providers, a provider user their own" on public.providers
  for select to authenticated
  using ((select private.is_staff()) or id = (select private.my_provider_id()));
create policy "staff add providers" on public.providers
  for insert to authenticated with check ((select private.is_staff()));
create policy "staff edit providers" on public.providers
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

drop policy "staff read memberships" on public.provider_organization_memberships;
drop policy "staff add memberships" on public.provider_organization_memberships;
drop policy "staff edit memberships" on public.provider_organization_memberships;
create policy "staff read memberships" on public.provider_organization_memberships
  for select to authenticated using ((select private.is_staff()));
create policy "staff add memberships" on public.provider_organization_memberships
  for insert to authenticated with check ((select private.is_staff()));
create policy "staff edit memberships" on public.provider_organization_memberships
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

drop policy "staff read preferences, a provider user their own" on public.provider_preferences;
drop policy "staff add preferences" on public.provider_preferences;
drop policy "staff edit preferences, a provider user their own" on public.provider_preferences;
create policy "staff read preferences, a provider user their own" on public.provider_preferences
  for select to authenticated
  using ((select private.is_staff()) or provider_id = (select private.my_provider_id()));
create policy "staff add preferences" on public.provider_preferences
  for insert to authenticated with check ((select private.is_staff()));
create policy "staff edit preferences, a provider user their own" on public.provider_preferences
  for update to authenticated
  using ((select private.is_staff()) or provider_id = (select private.my_provider_id()))
  with check ((select private.is_staff()) or provider_id = (select private.my_provider_id()));

drop policy "staff read delegates, a provider user their own" on public.provider_delegate_approvals;
drop policy "staff add delegates" on public.provider_delegate_approvals;
drop policy "staff edit delegates" on public.provider_delegate_approvals;
create policy "staff read delegates, a provider user their own" on public.provider_delegate_approvals
  for select to authenticated
  using ((select private.is_staff()) or provider_id = (select private.my_provider_id()));
create policy "staff add delegates" on public.provider_delegate_approvals
  for insert to authenticated with check ((select private.is_staff()));
create policy "staff edit delegates" on public.provider_delegate_approvals
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

-- Profiles: staff read every profile; everyone reads their own (a pending, revoked or
-- deactivated user learns why they see nothing). A user edits their own name and title
-- while their profile is active; admins edit any (the guard below says which fields).
drop policy "staff read profiles, everyone their own" on public.profiles;
drop policy "users edit their own profile, admins any" on public.profiles;
create policy "staff read profiles, everyone their own" on public.profiles
  for select to authenticated
  using ((select private.is_staff()) or id = (select auth.uid()));
create policy "users edit their own profile, admins any" on public.profiles
  for update to authenticated
  using ((id = (select auth.uid()) and deactivated_at is null and not _deleted) or (select private.is_admin()))
  with check ((id = (select auth.uid()) and deactivated_at is null) or (select private.is_admin()));

-- Roles: everyone reads their own rows, revoked ones included (the app sees the revocation
-- and wipes the device); staff read all; only admins grant, change or revoke, never their own.
drop policy "staff read roles, everyone their own" on public.user_roles;
drop policy "admins grant roles to others" on public.user_roles;
drop policy "admins change roles of others" on public.user_roles;
create policy "staff read roles, everyone their own" on public.user_roles
  for select to authenticated
  using ((select private.is_staff()) or user_id = (select auth.uid()));
create policy "admins grant roles to others" on public.user_roles
  for insert to authenticated
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));
create policy "admins change roles of others" on public.user_roles
  for update to authenticated
  using ((select private.is_admin()) and user_id <> (select auth.uid()))
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));

drop policy "staff read the audit log" on public.audit_log;
create policy "staff read the audit log" on public.audit_log
  for select to authenticated using ((select private.is_staff()));

-- ---------------------------------------------------------------------------------------
-- The profile guard on the private helper, and deactivation as an admin's act: only an
-- admin sets or clears deactivated_at, never on their own profile (an admin cannot lock
-- themselves out), and deactivated_by is the server's record of who did it.

create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  new.last_sign_in := old.last_sign_in;
  new.created_at := old.created_at;
  if new.deactivated_at is distinct from old.deactivated_at then
    if not (select private.is_admin()) or new.id = (select auth.uid()) then
      raise exception 'Only an admin can deactivate or reactivate an account, and never their own'
        using errcode = '42501';
    end if;
    new.deactivated_by := case when new.deactivated_at is null then null else (select auth.uid()) end;
  else
    new.deactivated_by := old.deactivated_by;
  end if;
  if (select private.is_admin()) then
    return new;
  end if;
  if new.id is distinct from old.id
    or new.email is distinct from old.email
    or new.provider_id is distinct from old.provider_id
    or new._deleted is distinct from old._deleted then
    raise exception 'Only an admin can change a profile''s id, email, provider link or deletion'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_profile_update() is 'Refuses (42501) changes to a profile''s id, email, provider_id or _deleted by anyone but admins, and (de)activation by anyone but another admin; keeps last_sign_in, created_at and deactivated_by server-written.';
revoke execute on function public.guard_profile_update() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Nothing security definer is left callable through /rest/v1/rpc.

drop function public.is_admin();
drop function public.is_provider_user();
drop function public.is_staff();
drop function public.my_provider_id();

-- ---------------------------------------------------------------------------------------
-- One account per provider: two invitations racing for one provider cannot both link it.

create unique index profiles_provider_id_unique on public.profiles (provider_id)
  where provider_id is not null and not _deleted;
comment on index public.profiles_provider_id_unique is 'One login account per provider record (soft-deleted profiles do not count).';
