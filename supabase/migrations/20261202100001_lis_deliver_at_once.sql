-- Orders reach the laboratory in seconds (issue 44), not at the scheduler's next tick: a
-- message queued for the laboratory (lis_messages, 20261127100000) wakes lis-deliver as its
-- transaction commits. The schedule (every 10 s) stays as the safety net for retries and for
-- a wake that was lost.
--
-- How the wake travels:
-- - hosted: pg_net's net.http_post (queued in the transaction, sent by its worker after the
--   commit, dropped with a rollback) calls /functions/v1/lis-deliver with the service key,
--   both read from Vault under the names the scheduler uses (`project_url`,
--   `service_role_key`, docs/integrations.md "Scheduler"). Without pg_net or those secrets
--   the wake is skipped and the schedule delivers, as before.
-- - local stack: NOTIFY lis_deliver, which the stack's scheduler listens to.
-- One wake per transaction, however many orders it submits (a batch of 1,000 is one call);
-- two runs at once are safe: lis_claim_messages leases each message to one run.

create or replace function private.lis_wake()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if coalesce(current_setting('lis.woken', true), '') = 'on' then
    return null;
  end if;
  perform set_config('lis.woken', 'on', true);
  perform pg_notify('lis_deliver', '');
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute 'select (select decrypted_secret from vault.decrypted_secrets where name = ''project_url''),
                  (select decrypted_secret from vault.decrypted_secrets where name = ''service_role_key'')'
    into project_url, service_key;
  if project_url is null or service_key is null then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2, params := ''{}''::jsonb, headers := $3, timeout_milliseconds := 5000)'
    using project_url || '/functions/v1/lis-deliver',
          jsonb_build_object('batch', 100, 'source', 'wake'),
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  return null;
end;
$$;
comment on function private.lis_wake() is 'Wakes lis-deliver once per transaction that queues a laboratory message: pg_net (hosted, with the Vault secrets project_url and service_role_key) and NOTIFY lis_deliver (the local stack).';
revoke execute on function private.lis_wake() from public, anon, authenticated;

create trigger e_lis_wake after insert on public.lis_messages
  for each statement execute function private.lis_wake();

-- ---------------------------------------------------------------------------------------
-- A submission's first delivery state is written on the order row itself, as it is written
-- (lis_order_fields, before the row), not by a second update of the order from the trigger
-- that queues its message: that update ran every trigger of orders again and doubled the
-- cost of submitting an order. Otherwise as in 20261127100000.

create or replace function private.lis_order_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_call boolean := current_user in ('anon', 'authenticated');
begin
  if user_call and tg_op = 'INSERT' then
    new.lis_delivery := null;
    new.lis_error := null;
    new.lis_resend_at := null;
  elsif user_call then
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
  end if;
  -- Submitted now: lis_enqueue queues version 1 of its message, in this state.
  if new.status = 'submitted' and (tg_op = 'INSERT' or old.status = 'draft') and new.lis_delivery is null then
    new.lis_delivery := jsonb_build_object(
      'state', 'queued', 'control_id', new.requisition_number || '-N1', 'version', 1, 'attempts', 0, 'last_error', null,
      'next_attempt_at', now(), 'ack_code', null, 'ack_text', null, 'acked_at', null);
  end if;
  return new;
end;
$$;
comment on function private.lis_order_fields() is 'Keeps lis_delivery and lis_error server-written (a submission''s first state, queued, written here); lis_resend_at only by an admin, on a submitted order the laboratory refused (it clears lis_error).';

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
    -- The order's first delivery state was written on the row by lis_order_fields.
    insert into public.lis_messages (order_id, version, kind, control_id)
    values (new.id, 1, 'new', new.requisition_number || '-N1')
    on conflict (order_id, kind, version) do nothing;
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
comment on function private.lis_enqueue() is 'Queues the ORM^O01 of a submitted order (version 1; its state is on the row already), of an admin''s resend (next version), and the cancel of an order the laboratory may hold.';

-- A run records its attempts a few dozen at a time: one call and set-based writes (one
-- update of lis_messages, one of orders: each statement's triggers, the audit's among them,
-- run once for the batch), with lis_record_attempt's rules (20261127100000) row by row:
-- - not built (no answer, no text now or kept): the message is refused with the problem;
--   the order shows it as the laboratory's refusal would be shown;
-- - no answer: queued again at next_attempt_at, the text kept, the attempt counted;
-- - an answer: accepted (AA) or refused (AE/AR), and the order received or refused;
-- - a message no longer sending or queued is left alone; a newer version or a cancel of the
--   order speaks for the order instead of an older `new` message.
create or replace function public.lis_record_attempts(p_attempts jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  recorded integer;
begin
  if jsonb_typeof(p_attempts) <> 'array' then
    raise exception 'p_attempts must be an array' using errcode = '22023';
  end if;
  with attempt as (
    select a.*, m.message is null and a.message is null and a.ack_code is null as not_built
      from jsonb_to_recordset(p_attempts) as a(id uuid, message text, ack_code text, ack_text text, ack_message text,
                                               duplicate boolean, error text, next_attempt_at timestamptz)
      join public.lis_messages m on m.id = a.id and m.status in ('sending', 'queued')
  ),
  written as (
    update public.lis_messages m
       set message = coalesce(m.message, a.message),
           attempts = case when a.not_built then m.attempts else m.attempts + 1 end,
           status = case when a.not_built then 'refused' when a.ack_code is null then 'queued'
                         when a.ack_code = 'AA' then 'accepted' else 'refused' end,
           last_error = case when a.not_built or a.ack_code is null then a.error when a.ack_code = 'AA' then null else a.ack_text end,
           next_attempt_at = case when a.ack_code is null and not a.not_built then coalesce(a.next_attempt_at, now()) else m.next_attempt_at end,
           ack_code = coalesce(a.ack_code, m.ack_code),
           ack_text = case when a.ack_code is null then m.ack_text else a.ack_text end,
           ack_message = case when a.ack_code is null then m.ack_message else a.ack_message end,
           duplicate = case when a.ack_code is null then m.duplicate else coalesce(a.duplicate, false) end,
           acked_at = case when a.ack_code is null then m.acked_at else now() end,
           lease_until = null,
           updated_at = now()
      from attempt a
     where m.id = a.id
    returning m.*, a.not_built, a.ack_code as answer, a.ack_text as answer_text, a.error as problem
  ),
  outcome as (
    select w.*,
           case
             when w.not_built then case w.kind when 'new' then 'refused' else 'cancel_refused' end
             when w.answer is null then case w.kind when 'new' then 'retrying' else 'cancel_retrying' end
             when w.kind = 'new' and w.answer = 'AA' then 'received'
             when w.kind = 'new' then 'refused'
             when w.answer = 'AA' then 'cancelled'
             else 'cancel_refused' end as state,
           case when w.not_built then 'AR' else w.answer end as code,
           case when w.not_built then w.problem else w.answer_text end as code_text
      from written w
     where not (w.kind = 'new' and (
       exists (select 1 from public.lis_messages n where n.order_id = w.order_id and n.kind = 'new' and n.version > w.version)
       or exists (select 1 from public.lis_messages c where c.order_id = w.order_id and c.kind = 'cancel')))
  ),
  orders_written as (
    update public.orders o
       set lis_delivery = jsonb_build_object(
             'state', x.state, 'control_id', x.control_id, 'version', x.version, 'attempts', x.attempts,
             'last_error', x.last_error, 'next_attempt_at', x.next_attempt_at, 'ack_code', x.ack_code,
             'ack_text', x.ack_text, 'acked_at', x.acked_at),
           lis_error = case
             when x.code in ('AE', 'AR') then coalesce(nullif(btrim(x.code_text), ''), 'The laboratory refused the order (' || x.code || ').')
             when x.code = 'AA' then null
             else o.lis_error end,
           status = case when x.kind = 'new' and x.code = 'AA' and o.status = 'submitted' then 'received' else o.status end,
           updated_at = now()
      from outcome x
     where o.id = x.order_id
    returning o.id
  )
  select count(*) into recorded from written;
  return recorded;
end;
$$;
comment on function public.lis_record_attempts(jsonb) is 'Records several delivery attempts at once, set-based, with lis_record_attempt''s rules: [{id, message, ack_code, ack_text, ack_message, duplicate, error, next_attempt_at}].';
revoke execute on function public.lis_record_attempts(jsonb) from public, anon, authenticated;
grant execute on function public.lis_record_attempts(jsonb) to service_role;
