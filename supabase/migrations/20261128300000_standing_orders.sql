-- Standing orders (issue 31): a test repeated on a schedule, e.g. an INR every 7 days for 12
-- occurrences. The entered order is occurrence 1 and carries `standing` {every_days,
-- occurrences} (the bounds of supabase/functions/_shared/lab/standing-orders.ts). The
-- scheduled function standing-orders calls public.standing_orders_run, which creates
-- occurrence k (2..occurrences) once it falls due (the first collection time plus (k - 1) ×
-- every_days days) as a copy of the entered order: same patient, provider, organization,
-- billing, tests, answers, diagnoses and ABN, status submitted, collected_at the due time,
-- standing_parent_id / standing_occurrence naming the series. It goes through the same
-- triggers as any order: the server's Medicare check, the exclusion refusal, the queue to the
-- laboratory. Exactly once per occurrence: the unique (standing_parent_id,
-- standing_occurrence) index, and the run locks the series it works on.
--
-- Its requisition number is made by the server in the devices' format, R-0-<counter>: device
-- number 0 is the server's. Device numbers come from private.device_numbers.number, an
-- identity column `generated always` that starts at 1, so no device is ever given 0; the
-- counter is the sequence private.standing_requisition_counter, which never repeats.
--
-- An occurrence the server refuses (an excluded provider) stops the series: standing_error
-- holds the reason and standing_stopped_at the time, so the job does not retry forever.
-- Staff stop a series from the order page ("Stop series"): the device writes
-- standing_stopped_at, the server checks the caller is staff and stamps the time and
-- standing_stopped_by. Everything else of the series is written by the server only.

create or replace function private.order_standing_is_valid(p_standing jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_standing is null or (
    jsonb_typeof(p_standing) = 'object'
    and jsonb_typeof(p_standing -> 'every_days') = 'number'
    and jsonb_typeof(p_standing -> 'occurrences') = 'number'
    and (p_standing ->> 'every_days') ~ '^[0-9]+$'
    and (p_standing ->> 'occurrences') ~ '^[0-9]+$'
    and (p_standing ->> 'every_days')::numeric between 1 and 365
    and (p_standing ->> 'occurrences')::numeric between 2 and 52);
$$;
comment on function private.order_standing_is_valid(jsonb) is 'True when the repeat is null or {every_days 1..365, occurrences 2..52} (whole numbers).';
revoke execute on function private.order_standing_is_valid(jsonb) from public, anon;
grant execute on function private.order_standing_is_valid(jsonb) to authenticated, service_role;

alter table public.orders
  add column standing jsonb check (private.order_standing_is_valid(standing)),
  add column standing_parent_id uuid references public.orders (id),
  add column standing_occurrence integer check (standing_occurrence is null or standing_occurrence between 2 and 52),
  add column standing_stopped_at timestamptz,
  add column standing_stopped_by uuid references public.profiles (id) on delete set null,
  add column standing_error text,
  add constraint orders_standing_occurrence check ((standing_parent_id is null) = (standing_occurrence is null)),
  add constraint orders_standing_one_level check (standing_parent_id is null or standing is null);
comment on column public.orders.standing is 'A standing order''s repeat: {every_days, occurrences}; this order is occurrence 1.';
comment on column public.orders.standing_parent_id is 'The standing order this order is an occurrence of (server-written).';
comment on column public.orders.standing_stopped_at is 'When the series was stopped (by staff, or by the server when it refused an occurrence).';
comment on column public.orders.standing_error is 'Why the server stopped the series (an occurrence it refused). Server-written.';

create unique index orders_standing_occurrence_unique on public.orders (standing_parent_id, standing_occurrence);
create index orders_standing_stopped_by_idx on public.orders (standing_stopped_by);
create index orders_standing_due on public.orders (collected_at)
  where standing is not null and standing_stopped_at is null and not _deleted;

create sequence private.standing_requisition_counter as bigint start 1;
revoke all on sequence private.standing_requisition_counter from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The series columns from users: the repeat while the order is a draft or new, the stop by
-- staff only; the rest the server's.

create or replace function private.standing_order_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_call boolean := current_user in ('anon', 'authenticated');
begin
  if not user_call then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.standing_parent_id := null;
    new.standing_occurrence := null;
    new.standing_stopped_at := null;
    new.standing_stopped_by := null;
    new.standing_error := null;
    return new;
  end if;
  new.standing_parent_id := old.standing_parent_id;
  new.standing_occurrence := old.standing_occurrence;
  new.standing_error := old.standing_error;
  new.standing_stopped_by := old.standing_stopped_by;
  if new.standing is distinct from old.standing and old.status <> 'draft' then
    raise exception 'A submitted order''s repeat cannot be changed, only stopped' using errcode = '42501';
  end if;
  if new.standing_stopped_at is distinct from old.standing_stopped_at then
    if not private.is_staff() then
      raise exception 'Only staff may stop a standing order' using errcode = '42501';
    end if;
    if old.standing_stopped_at is not null or new.standing_stopped_at is null then
      raise exception 'A stopped series stays stopped' using errcode = '22023';
    end if;
    if old.standing is null then
      raise exception 'This order does not repeat' using errcode = '22023';
    end if;
    new.standing_stopped_at := now();
    new.standing_stopped_by := (select auth.uid());
  end if;
  return new;
end;
$$;
comment on function private.standing_order_fields() is 'Keeps the series columns server-written; the repeat changeable only on a draft; the stop by staff only, stamped by the server.';
revoke execute on function private.standing_order_fields() from public, anon, authenticated;

create trigger c_standing_order_fields before insert or update on public.orders
  for each row execute function private.standing_order_fields();

-- ---------------------------------------------------------------------------------------
-- The scheduled run (service role only: the standing-orders Edge Function).

create or replace function public.standing_orders_run(p_now timestamptz default now(), p_limit integer default 100)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent public.orders;
  k integer;
  due timestamptz;
  new_id uuid;
  number text;
  made jsonb := '[]'::jsonb;
  refused jsonb := '[]'::jsonb;
  counter bigint;
begin
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'p_limit must be from 1 to 1000' using errcode = '22023';
  end if;
  for parent in
    select * from public.orders o
     where o.standing is not null and o.standing_stopped_at is null and not o._deleted
       and o.status in ('submitted', 'received', 'in_progress', 'resulted')
       and o.collected_at is not null
       and o.collected_at + ((o.standing ->> 'every_days')::integer * interval '86400 seconds') <= p_now
       -- Not a series whose due occurrences all exist (it would hold a place in every run).
       and (select count(*) from public.orders c where c.standing_parent_id = o.id) < least(
             (o.standing ->> 'occurrences')::integer - 1,
             floor(extract(epoch from (p_now - o.collected_at)) / (86400 * (o.standing ->> 'every_days')::integer))::integer)
     order by o.collected_at
     limit p_limit
     for update skip locked
  loop
    for k in 2 .. (parent.standing ->> 'occurrences')::integer loop
      due := parent.collected_at + ((k - 1) * (parent.standing ->> 'every_days')::integer * interval '86400 seconds');
      exit when due > p_now;
      continue when exists (select 1 from public.orders c where c.standing_parent_id = parent.id and c.standing_occurrence = k);
      begin
        counter := nextval('private.standing_requisition_counter');
        number := 'R-0-' || lpad(counter::text, greatest(4, length(counter::text)), '0');
        insert into public.orders (
          requisition_number, status, organization_id, provider_id, patient_id, billing, coverage_rank,
          tests, answers, diagnoses, collected_at, fasting, priority, comments, abn, medicare_check,
          reference_versions, created_by, standing_parent_id, standing_occurrence)
        values (
          number, 'submitted', parent.organization_id, parent.provider_id, parent.patient_id, parent.billing, parent.coverage_rank,
          parent.tests, parent.answers, parent.diagnoses, due, parent.fasting, parent.priority, parent.comments, parent.abn, parent.medicare_check,
          parent.reference_versions, parent.created_by, parent.id, k)
        on conflict (standing_parent_id, standing_occurrence) do nothing
        returning id into new_id;
        if new_id is not null then
          made := made || jsonb_build_object('order_id', new_id, 'parent_id', parent.id, 'occurrence', k, 'requisition_number', number);
        end if;
      exception when others then
        update public.orders
           set standing_error = format('Occurrence %s was refused: %s', k, sqlerrm), standing_stopped_at = p_now
         where id = parent.id;
        refused := refused || jsonb_build_object('parent_id', parent.id, 'occurrence', k, 'error', sqlerrm);
        exit;
      end;
    end loop;
  end loop;
  return jsonb_build_object('created', made, 'refused', refused);
end;
$$;
comment on function public.standing_orders_run(timestamptz, integer) is 'Creates each due occurrence of the standing orders once (R-0-<counter>); a refused occurrence stops its series with the reason.';
revoke execute on function public.standing_orders_run(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.standing_orders_run(timestamptz, integer) to service_role;
