-- Medicare billing is refused while the ordering provider has an open loss-of-enrollment
-- alert (issue 31 meets issue 33): when the re-verification raised that the provider lost
-- PECOS enrollment or Part B ordering, that the NPI was deactivated, or that the provider is
-- excluded (OIG LEIE), and nobody has acknowledged it yet, an order billed to Medicare is not
-- accepted as submitted. The device says so at the keyboard (src/lib/alerts/alert-texts.ts,
-- LOSS_OF_ENROLLMENT_KINDS: the same four kinds); the server never trusts it and refuses the
-- submission itself, whoever sends it (a delegate cannot read alerts, so this runs as definer).

create or replace function private.open_enrollment_alert(p_provider uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select a.kind from public.alerts a
   where a.provider_id = p_provider
     and a.acknowledged_at is null
     and not a._deleted
     and a.kind in ('pecos_lost', 'part_b_lost', 'npi_deactivated', 'exclusion_confirmed')
   order by a.raised_at desc, a.id
   limit 1;
$$;
comment on function private.open_enrollment_alert(uuid) is 'The kind of the newest open (unacknowledged) loss-of-enrollment alert of a provider, or null.';
revoke execute on function private.open_enrollment_alert(uuid) from public, anon;
grant execute on function private.open_enrollment_alert(uuid) to authenticated, service_role;

create or replace function private.order_bills_medicare(p_order public.orders)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_order.billing = 'insurance' and exists (
    select 1 from public.patients p, jsonb_array_elements(p.coverages) as c
     where p.id = p_order.patient_id and c ->> 'rank' = p_order.coverage_rank and c ->> 'payer_type' = 'medicare');
$$;
comment on function private.order_bills_medicare(public.orders) is 'True when the order is billed to the patient''s Medicare coverage.';
revoke execute on function private.order_bills_medicare(public.orders) from public, anon;
grant execute on function private.order_bills_medicare(public.orders) to authenticated, service_role;

create or replace function private.refuse_medicare_under_enrollment_alert()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  kind text;
begin
  if new.status <> 'submitted' or (tg_op = 'UPDATE' and old.status <> 'draft') then
    return new;
  end if;
  if not private.order_bills_medicare(new) then
    return new;
  end if;
  kind := private.open_enrollment_alert(new.provider_id);
  if kind is not null then
    -- The words of ALERT_KIND_LABELS (src/lib/alerts/alert-texts.ts), as the device says them.
    raise exception 'Medicare cannot be billed: the ordering provider has an open alert (%). Bill the client or the patient instead.',
      case kind
        when 'pecos_lost' then 'Medicare enrollment lost'
        when 'part_b_lost' then 'Part B ordering lost'
        when 'npi_deactivated' then 'NPI deactivated'
        else 'Excluded (OIG LEIE)' end
      using errcode = '23514';
  end if;
  return new;
end;
$$;
comment on function private.refuse_medicare_under_enrollment_alert() is 'Refuses an order submitted to Medicare while its provider has an open loss-of-enrollment alert.';

-- Runs after b_guard_order (triggers of one timing fire in name order).
create trigger c_refuse_medicare_under_enrollment_alert before insert or update on public.orders
  for each row execute function private.refuse_medicare_under_enrollment_alert();
