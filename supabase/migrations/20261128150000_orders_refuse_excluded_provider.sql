-- Issue 31: a confirmed OIG exclusion bars new orders in the provider's name outright.
-- No federal health care program pays for items or services an excluded provider orders,
-- whoever is billed, so the laboratory takes none: an order inserted, moved to another
-- provider or submitted for a provider whose screening says `excluded` is refused, for
-- every caller (the device refuses it first, with the same words:
-- supabase/functions/_shared/exclusions/order-exclusion.ts). Orders placed before the
-- exclusion stand; cancelling them stays possible.

create or replace function private.provider_is_excluded(p_provider uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.exclusion_status = 'excluded' from public.providers p where p.id = p_provider), false);
$$;
comment on function private.provider_is_excluded(uuid) is 'True when the provider''s OIG screening stands at excluded (a confirmed match).';
revoke execute on function private.provider_is_excluded(uuid) from public, anon;
grant execute on function private.provider_is_excluded(uuid) to authenticated, service_role;

create or replace function private.refuse_excluded_provider_order()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' and new.status in ('draft', 'submitted'))
     or (tg_op = 'UPDATE' and new.status in ('draft', 'submitted')
         and (new.provider_id is distinct from old.provider_id or (old.status = 'draft' and new.status = 'submitted'))) then
    if private.provider_is_excluded(new.provider_id) then
      raise exception 'The ordering provider is on the OIG exclusion list: no order can be placed in their name.'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.refuse_excluded_provider_order() is 'Trigger: refuses a new or submitted order (or one moved to another provider) in the name of an excluded provider.';
revoke execute on function private.refuse_excluded_provider_order() from public, anon, authenticated;

-- Named to run before b_guard_order (triggers of one event fire in name order).
create trigger a_refuse_excluded_provider_order before insert or update on public.orders
  for each row execute function private.refuse_excluded_provider_order();
