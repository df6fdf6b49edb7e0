-- Orders out to the laboratory (issue 32): when an order reaches the server as submitted,
-- the server queues its ORM^O01 in lis_messages; the lis-deliver Edge Function (run by the
-- scheduler) builds the message from the database rows on its first attempt, keeps its text,
-- and sends that same text over MLLP until the laboratory answers, so a resend after a lost
-- ACK carries the same message control ID (<requisition>-N<version>) and the receiver
-- recognises it as a duplicate: exactly once over an at-least-once link.
--
-- What the device sees (synced columns of orders, written by the server only):
-- - lis_delivery: {state, control_id, version, attempts, last_error, next_attempt_at,
--   ack_code, ack_text, acked_at}; state is queued, retrying, received (AA), refused
--   (AE/AR), withdrawn (cancelled before any attempt), cancel_queued, cancel_retrying,
--   cancelled (the laboratory took the cancel), cancel_refused;
-- - lis_error: the laboratory's text when it refused the order (AE/AR), until resent;
-- - lis_resend_at: written by an admin's device ("Resend to laboratory"): the server checks
--   the caller is an admin and the order was refused, clears lis_error and queues the order
--   again as the next version (a new control ID: the refused one would be refused again).
--
-- An admin may also correct a refused order's content (tests, diagnoses, billing, …) before
-- resending; everyone else still finds a submitted order frozen.
--
-- AA moves a submitted order to received. A cancellation of an order the laboratory may hold
-- (an attempt was made, or it answered AA) queues the matching cancel (ORC CA,
-- <requisition>-C<version>) once no attempt of the order's own message is in flight; an order
-- cancelled before its message was ever attempted just withdraws it.

alter table public.orders
  add column lis_delivery jsonb,
  add column lis_error text,
  add column lis_resend_at timestamptz;
comment on column public.orders.lis_delivery is 'Delivery to the laboratory (server-written): {state, control_id, version, attempts, last_error, next_attempt_at, ack_code, ack_text, acked_at}.';
comment on column public.orders.lis_error is 'The laboratory''s text when it refused the order (AE/AR); cleared by a resend. Server-written.';
comment on column public.orders.lis_resend_at is 'When an admin asked to resend the refused order (checked by private.lis_order_fields).';

create table public.lis_messages (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  version integer not null check (version >= 1),
  kind text not null check (kind in ('new', 'cancel')),
  control_id text not null unique,
  status text not null default 'queued' check (status in ('queued', 'sending', 'accepted', 'refused', 'withdrawn')),
  message text,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text,
  ack_code text check (ack_code is null or ack_code in ('AA', 'AE', 'AR')),
  ack_text text,
  ack_message text,
  acked_at timestamptz,
  duplicate boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (order_id, kind, version)
);
comment on table public.lis_messages is 'HL7 messages queued for the laboratory (ORM^O01 new and cancel), one per order, kind and version; sent by lis-deliver.';
create index lis_messages_due on public.lis_messages (next_attempt_at) where status in ('queued', 'sending');

alter table public.lis_messages enable row level security;
revoke all on table public.lis_messages from anon, authenticated;
grant select on table public.lis_messages to authenticated;
create policy "admins read the laboratory queue" on public.lis_messages
  for select to authenticated using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------
-- The guard of orders again (20261126100000), with one exception: an admin may correct an
-- order the laboratory refused (lis_error set) before resending it; its Medicare check is
-- then made again.

create or replace function private.guard_order()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_call boolean := current_user in ('anon', 'authenticated');
  content_changed boolean;
begin
  if tg_op = 'INSERT' then
    if user_call and new.status not in ('draft', 'submitted') then
      raise exception 'A new order is a draft or submitted' using errcode = '42501';
    end if;
  else
    if new.status is distinct from old.status and user_call and not (
      (old.status = 'draft' and new.status in ('submitted', 'cancelled'))
      or (old.status = 'submitted' and new.status = 'cancelled')) then
      raise exception 'An order cannot go from % to %', old.status, new.status using errcode = '42501';
    end if;
    content_changed := new.tests is distinct from old.tests or new.answers is distinct from old.answers
      or new.diagnoses is distinct from old.diagnoses or new.abn is distinct from old.abn
      or new.billing is distinct from old.billing or new.coverage_rank is distinct from old.coverage_rank
      or new.patient_id is distinct from old.patient_id or new.provider_id is distinct from old.provider_id
      or new.organization_id is distinct from old.organization_id or new.requisition_number is distinct from old.requisition_number
      or new.collected_at is distinct from old.collected_at or new.priority is distinct from old.priority;
    if user_call and old.status <> 'draft' and content_changed
       and not (old.status = 'submitted' and old.lis_error is not null and private.is_admin()) then
      raise exception 'A submitted order cannot be changed, only cancelled' using errcode = '42501';
    end if;
    new.server_check := old.server_check;
    new.submitted_at := old.submitted_at;
    if old.status = 'submitted' and new.status = 'submitted' and content_changed then
      new.server_check := private.check_order(new);
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.server_check := null;
    new.submitted_at := null;
  end if;
  if new.status = 'submitted' and (tg_op = 'INSERT' or old.status = 'draft') then
    new.submitted_at := now();
    new.server_check := private.check_order(new);
  end if;
  return new;
end;
$$;
comment on function private.guard_order() is 'Order status transitions for users (draft→submitted, draft/submitted→cancelled), a submitted order frozen (but an admin may correct one the laboratory refused), submitted_at and server_check written by the server.';

-- ---------------------------------------------------------------------------------------
-- The delivery columns: server-written, but for the admin's resend request.

create or replace function private.lis_delivery_state(p_state text, p_message public.lis_messages)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'state', p_state, 'control_id', p_message.control_id, 'version', p_message.version,
    'attempts', p_message.attempts, 'last_error', p_message.last_error,
    'next_attempt_at', p_message.next_attempt_at, 'ack_code', p_message.ack_code,
    'ack_text', p_message.ack_text, 'acked_at', p_message.acked_at);
$$;

create or replace function private.lis_order_fields()
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
    new.lis_delivery := null;
    new.lis_error := null;
    new.lis_resend_at := null;
    return new;
  end if;
  new.lis_delivery := old.lis_delivery;
  new.lis_error := old.lis_error;
  if new.lis_resend_at is distinct from old.lis_resend_at then
    if not private.is_admin() then
      raise exception 'Only an administrator may resend an order to the laboratory' using errcode = '42501';
    end if;
    if old.lis_error is null or new.status <> 'submitted' then
      raise exception 'Only a submitted order the laboratory refused can be resent' using errcode = '22023';
    end if;
    new.lis_resend_at := now();
    new.lis_error := null;
    new.lis_delivery := coalesce(old.lis_delivery, '{}'::jsonb) || jsonb_build_object('state', 'queued', 'attempts', 0, 'last_error', null);
  end if;
  return new;
end;
$$;
comment on function private.lis_order_fields() is 'Keeps lis_delivery and lis_error server-written; lis_resend_at only by an admin, on a submitted order the laboratory refused (it clears lis_error).';

create trigger c_lis_order_fields before insert or update on public.orders
  for each row execute function private.lis_order_fields();

-- Queue what the order's change asks for (runs after the row is written).
create or replace function private.lis_enqueue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  msg public.lis_messages;
  next_version integer;
  last_new public.lis_messages;
begin
  if new.status = 'submitted' and (tg_op = 'INSERT' or old.status = 'draft') then
    insert into public.lis_messages (order_id, version, kind, control_id)
    values (new.id, 1, 'new', new.requisition_number || '-N1')
    on conflict (order_id, kind, version) do nothing
    returning * into msg;
    if msg.id is not null then
      update public.orders set lis_delivery = private.lis_delivery_state('queued', msg) where id = new.id;
    end if;
  elsif tg_op = 'UPDATE' and new.lis_resend_at is distinct from old.lis_resend_at and new.status = 'submitted' then
    select coalesce(max(version), 0) + 1 into next_version from public.lis_messages where order_id = new.id and kind = 'new';
    insert into public.lis_messages (order_id, version, kind, control_id)
    values (new.id, next_version, 'new', new.requisition_number || '-N' || next_version)
    returning * into msg;
    update public.orders set lis_delivery = private.lis_delivery_state('queued', msg) where id = new.id;
  elsif tg_op = 'UPDATE' and new.status = 'cancelled' and old.status in ('submitted', 'received', 'in_progress') then
    select * into last_new from public.lis_messages
     where order_id = new.id and kind = 'new' order by version desc limit 1;
    if last_new.id is null then
      return null;
    end if;
    if last_new.status = 'queued' and last_new.attempts = 0 then
      update public.lis_messages set status = 'withdrawn', updated_at = now() where id = last_new.id returning * into msg;
      update public.orders set lis_delivery = private.lis_delivery_state('withdrawn', msg) where id = new.id;
    elsif last_new.status in ('queued', 'sending', 'accepted') then
      -- The laboratory holds the order, or may (an attempt went unanswered): cancel it. A
      -- retry still waiting is withdrawn; one in flight is settled before the cancel goes.
      if last_new.status = 'queued' then
        update public.lis_messages set status = 'withdrawn', updated_at = now() where id = last_new.id;
      end if;
      insert into public.lis_messages (order_id, version, kind, control_id)
      values (new.id, last_new.version, 'cancel', new.requisition_number || '-C' || last_new.version)
      on conflict (order_id, kind, version) do nothing
      returning * into msg;
      if msg.id is not null then
        update public.orders set lis_delivery = private.lis_delivery_state('cancel_queued', msg) where id = new.id;
      end if;
    end if;
  end if;
  return null;
end;
$$;
comment on function private.lis_enqueue() is 'Queues the ORM^O01 of a submitted order (version 1), of an admin''s resend (next version), and the cancel of an order the laboratory may hold.';
revoke execute on function private.lis_enqueue(), private.lis_order_fields(), private.lis_delivery_state(text, public.lis_messages) from public, anon;

create trigger d_lis_enqueue after insert or update of status, lis_resend_at on public.orders
  for each row execute function private.lis_enqueue();

-- ---------------------------------------------------------------------------------------
-- The delivery function's two calls (service role only).

create or replace function public.lis_claim_messages(p_limit integer default 20, p_lease_seconds integer default 120)
returns setof public.lis_messages
language sql
security definer
set search_path = ''
as $$
  update public.lis_messages m
     set status = 'sending', lease_until = now() + make_interval(secs => p_lease_seconds), updated_at = now()
   where m.id in (
     select q.id from public.lis_messages q
      where ((q.status = 'queued' and q.next_attempt_at <= now()) or (q.status = 'sending' and q.lease_until < now()))
        and not (q.kind = 'cancel' and exists (
          select 1 from public.lis_messages n
           where n.order_id = q.order_id and n.kind = 'new' and n.status = 'sending'))
      order by q.next_attempt_at, q.created_at
      limit greatest(1, least(p_limit, 500))
      for update skip locked)
  returning m.*;
$$;
comment on function public.lis_claim_messages(integer, integer) is 'Takes up to p_limit due laboratory messages for sending (leased for p_lease_seconds); a cancel waits for its order''s message.';

create or replace function public.lis_record_attempt(
  p_id uuid,
  p_message text,
  p_ack_code text,
  p_ack_text text,
  p_ack_message text,
  p_duplicate boolean,
  p_error text,
  p_next_attempt_at timestamptz
)
returns public.lis_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  msg public.lis_messages;
  ord public.orders;
  state text;
begin
  select * into msg from public.lis_messages where id = p_id for update;
  if msg.id is null then
    raise exception 'No laboratory message %', p_id using errcode = 'P0002';
  end if;
  if msg.status not in ('sending', 'queued') then
    return msg;
  end if;
  if p_ack_code is null and p_message is null and msg.message is null then
    -- The message could not be built from the rows (p_error says why): nothing was sent, and
    -- nothing will be until an admin corrects the order and resends it.
    update public.lis_messages
       set status = 'refused', last_error = p_error, lease_until = null, updated_at = now()
     where id = p_id returning * into msg;
    state := case msg.kind when 'new' then 'refused' else 'cancel_refused' end;
    p_ack_text := p_error;
    p_ack_code := 'AR';
  elsif p_ack_code is null then
    update public.lis_messages
       set message = coalesce(msg.message, p_message), attempts = attempts + 1, status = 'queued',
           last_error = p_error, next_attempt_at = coalesce(p_next_attempt_at, now()), lease_until = null, updated_at = now()
     where id = p_id returning * into msg;
    state := case msg.kind when 'new' then 'retrying' else 'cancel_retrying' end;
  else
    update public.lis_messages
       set message = coalesce(msg.message, p_message), attempts = attempts + 1,
           status = case when p_ack_code = 'AA' then 'accepted' else 'refused' end,
           ack_code = p_ack_code, ack_text = p_ack_text, ack_message = p_ack_message, duplicate = coalesce(p_duplicate, false),
           acked_at = now(), last_error = case when p_ack_code = 'AA' then null else p_ack_text end,
           lease_until = null, updated_at = now()
     where id = p_id returning * into msg;
    state := case
      when msg.kind = 'new' and p_ack_code = 'AA' then 'received'
      when msg.kind = 'new' then 'refused'
      when p_ack_code = 'AA' then 'cancelled'
      else 'cancel_refused' end;
  end if;

  select * into ord from public.orders where id = msg.order_id for update;
  -- A newer version (an admin's resend) speaks for the order, not this one.
  -- A cancel queued meanwhile speaks for a cancelled order.
  if msg.kind = 'new' and (
    exists (select 1 from public.lis_messages where order_id = msg.order_id and kind = 'new' and version > msg.version)
    or exists (select 1 from public.lis_messages where order_id = msg.order_id and kind = 'cancel')) then
    return msg;
  end if;
  update public.orders
     set lis_delivery = private.lis_delivery_state(state, msg),
         lis_error = case
           when p_ack_code in ('AE', 'AR') then coalesce(nullif(btrim(p_ack_text), ''), 'The laboratory refused the order (' || p_ack_code || ').')
           when p_ack_code = 'AA' then null
           else ord.lis_error end,
         status = case when msg.kind = 'new' and p_ack_code = 'AA' and ord.status = 'submitted' then 'received' else ord.status end,
         updated_at = now()
   where id = msg.order_id;
  return msg;
end;
$$;
comment on function public.lis_record_attempt(uuid, text, text, text, text, boolean, text, timestamptz) is 'Records one delivery attempt: no ACK (retry at p_next_attempt_at), AA (order received), AE/AR (the laboratory''s text on the order).';

revoke execute on function public.lis_claim_messages(integer, integer),
  public.lis_record_attempt(uuid, text, text, text, text, boolean, text, timestamptz) from public, anon, authenticated;
grant execute on function public.lis_claim_messages(integer, integer),
  public.lis_record_attempt(uuid, text, text, text, text, boolean, text, timestamptz) to service_role;
