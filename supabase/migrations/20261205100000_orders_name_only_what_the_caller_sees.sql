-- Who may NAME a patient on an order, and who reads the patients of what they may see
-- (issue 43, items 1, 4 and 9).
--
-- 1. The orders policies checked only the right to order for the order's provider; the
--    patients policy then trusted any order the caller could see. So a delegate who orders
--    for provider A could name any patient on a draft of A's and read that patient from
--    then on. Now an order names only a patient the caller may already read, and (for
--    everyone but staff) an organization its provider is an active member of; the check is
--    made on insert and whenever the patient, organization or provider of an order changes
--    (private.guard_order_names), direct or through sync_push.
-- 4. "Cancel, never delete" holds for `_deleted` too: a user may discard (soft-delete) a
--    draft, nothing else; a patient on an order past draft is not deleted by a user either.
-- 9. Who reads a patient is one definition, `private.readable_patient_ids()`, computed as
--    the owner (security definer) so it does not depend on the caller's own read of orders
--    or results: staff and admins every patient; a provider login and a provider's
--    delegates of type order or both the patients on that provider's orders; a delegate of
--    type results (or both) and the provider login the patients of the results they may
--    read; nobody else. A results-only delegate reads exactly the patients of their results.
--
-- The orders policies read "the provider's own login" through private.my_provider_id(),
-- which is null for a provider login whose account was deactivated or whose role was
-- revoked (20261125100000), so such an account reads no order.

create or replace function private.may_read_orders_of(p_provider uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.may_order_for(p_provider) or coalesce(p_provider = private.my_provider_id(), false);
$$;
comment on function private.may_read_orders_of(uuid) is 'Who reads a provider''s orders: those who may order for it, and the provider''s own (active) login.';

-- The patients the caller may read, when the caller is not staff (staff read every patient:
-- the policies test private.is_staff() first and never ask this).
create or replace function private.readable_patient_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    -- The providers whose orders the caller reads (approvals of type order or both, and the
    -- own record), and those whose results the caller reads (results or both, and the own).
    select a.provider_id, a.approval_type in ('order', 'both') as orders, a.approval_type in ('results', 'both') as results
      from public.provider_delegate_approvals a
     where a.delegate_id = (select auth.uid()) and a.is_active and not a._deleted and private.my_account_active()
    union all
    select private.my_provider_id(), true, true where private.my_provider_id() is not null
  )
  select o.patient_id from public.orders o
   where not o._deleted and o.provider_id in (select provider_id from mine where orders)
  union
  select r.patient_id from public.results r
   where not r._deleted and r.provider_id in (select provider_id from mine where results);
$$;
comment on function private.readable_patient_ids() is 'The patients a non-staff caller reads: those on the orders of the providers they order for (or are), and those of the results they may read.';

create or replace function private.may_read_patient(p_patient uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_staff() or p_patient in (select private.readable_patient_ids());
$$;
comment on function private.may_read_patient(uuid) is 'Whether the caller may read this patient (private.readable_patient_ids, or staff).';

-- What an order may name: a patient the caller may already read, and (but for staff) an
-- organization the ordering provider is an active member of.
create or replace function private.may_name_on_order(p_patient uuid, p_organization uuid, p_provider uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_staff() or (
    private.may_read_patient(p_patient)
    and exists (
      select 1 from public.provider_organization_memberships m
       where m.provider_id = p_provider and m.organization_id = p_organization and m.is_active and not m._deleted));
$$;
comment on function private.may_name_on_order(uuid, uuid, uuid) is 'Whether the caller may name this patient and organization on an order for this provider.';

revoke execute on function private.may_read_orders_of(uuid), private.readable_patient_ids(), private.may_read_patient(uuid),
  private.may_name_on_order(uuid, uuid, uuid) from public, anon;
grant execute on function private.may_read_orders_of(uuid), private.readable_patient_ids(), private.may_read_patient(uuid),
  private.may_name_on_order(uuid, uuid, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The read policies on one definition each.

drop policy "orderers read orders; a provider login its own" on public.orders;
create policy "orderers and the provider's login read orders" on public.orders
  for select to authenticated using ((select private.may_read_orders_of(provider_id)));

drop policy "staff read patients; a provider and their delegates those on their orders or results" on public.patients;
create policy "staff read patients; others those of the orders and results they read" on public.patients
  for select to authenticated
  using ((select private.is_staff()) or id in (select private.readable_patient_ids()));

-- An order attachment is read by who reads the order (the same definition).
create or replace function private.may_read_order_attachment(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.may_read_orders_of(o.provider_id) from private.attachment_order(p_name) o where o.id is not null), false);
$$;

-- ---------------------------------------------------------------------------------------
-- Naming, and never deleting, on every user write of an order.

create or replace function private.guard_order_names()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new; -- the laboratory's side (service role) and the database owner
  end if;
  if (tg_op = 'INSERT' or new.patient_id is distinct from old.patient_id
      or new.organization_id is distinct from old.organization_id or new.provider_id is distinct from old.provider_id)
     and not private.may_name_on_order(new.patient_id, new.organization_id, new.provider_id) then
    raise exception 'An order can name only a patient you may already see, at an organization its provider belongs to'
      using errcode = '42501';
  end if;
  if new._deleted and new.status <> 'draft' then
    raise exception 'An order past draft is cancelled, never deleted' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_order_names() is 'Trigger: a user''s order names only a patient the user may read (and, but for staff, an organization of its provider); only a draft may be soft-deleted.';
revoke execute on function private.guard_order_names() from public, anon, authenticated;

create trigger b_guard_order_names before insert or update on public.orders
  for each row execute function private.guard_order_names();

create or replace function private.guard_patient_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and new._deleted and not old._deleted
     and exists (select 1 from private.patient_orders_past_draft(new.id)) then
    raise exception 'A patient with orders sent to the laboratory cannot be deleted' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_patient_delete() is 'Trigger: a user cannot soft-delete a patient on an order past draft.';
revoke execute on function private.guard_patient_delete() from public, anon, authenticated;

-- Read as the owner: a staff member's own read of orders is not what decides this.
create or replace function private.patient_orders_past_draft(p_patient uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.id from public.orders o where o.patient_id = p_patient and o.status <> 'draft' and not o._deleted limit 1;
$$;
comment on function private.patient_orders_past_draft(uuid) is 'An order of the patient past draft, if any (for private.guard_patient_delete).';
revoke execute on function private.patient_orders_past_draft(uuid) from public, anon;
grant execute on function private.patient_orders_past_draft(uuid) to authenticated, service_role;

create trigger b_guard_patient_delete before update on public.patients
  for each row execute function private.guard_patient_delete();
