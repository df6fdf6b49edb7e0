-- Results distributed by each provider's preferences, and critical values notified and
-- escalated (issue 32). One server-only queue, `result_distributions`: every send of a
-- result or a critical-value notice, to one recipient by one channel (email, fax; in_app
-- for the alert that the app shows), with its attempts, backoff and outcome. lis-inbound
-- queues the rows when a result lands; the scheduled function result-distribute sends the
-- due ones, retries a failed send with backoff and escalates an unacknowledged critical
-- value again. Nothing is deleted: a send given up stays as `failed`, shown on the result.
--
-- The same rows are the critical value notification record (purpose critical/escalation):
-- who was told, when, by which channel; who acknowledged it and when is the critical_value
-- alert's acknowledged_at/by. Each attempt also writes an audit row, action 'distribute'
-- (table_name 'results', row_id the result, row_data {channel, recipient, status, attempt,
-- reason?, critical}), written by a trigger so no caller can skip or forge it.

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('insert', 'update', 'delete', 'open', 'print', 'distribute'));

create table public.result_distributions (
  id uuid primary key default gen_random_uuid(),
  result_id uuid not null references public.results (id),
  provider_id uuid not null references public.providers (id),
  -- The critical_value alert a notice is about (purpose critical/escalation).
  alert_id uuid references public.alerts (id),
  purpose text not null check (purpose in ('result', 'critical', 'escalation')),
  -- Escalation round: 0 for the first notice, 1, 2… for each escalation.
  round integer not null default 0 check (round >= 0),
  channel text not null check (channel in ('email', 'fax', 'in_app')),
  recipient text not null check (length(recipient) between 1 and 320),
  recipient_name text not null default '',
  report_format text not null default 'summary'
    check (report_format in ('summary', 'comprehensive', 'summary_plus', 'comprehensive_plus')),
  -- Which version of the result (results.received_at): a corrected result is sent again.
  result_received_at timestamptz not null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  provider_message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint result_distributions_once unique (result_id, purpose, round, channel, recipient, result_received_at)
);
comment on table public.result_distributions is 'Every send of a result (by the provider''s preferences) and of a critical-value notice: queued, sent or given up (failed), never deleted. Server-only; read by whoever may see the result.';
comment on column public.result_distributions.status is 'queued (due at next_attempt_at), sending (claimed by a run), sent, failed (given up: a final error or the attempts spent).';

create index result_distributions_due on public.result_distributions (next_attempt_at) where status = 'queued';
create index result_distributions_result on public.result_distributions (result_id, created_at);
create index result_distributions_provider on public.result_distributions (provider_id);
create index result_distributions_alert on public.result_distributions (alert_id);
create index result_distributions_failed on public.result_distributions (updated_at) where status = 'failed';

alter table public.result_distributions enable row level security;
revoke all on table public.result_distributions from anon, authenticated;
grant select on table public.result_distributions to authenticated;
create policy "who may see the result reads its distribution" on public.result_distributions
  for select to authenticated using ((select private.may_see_results_of(provider_id)));

create or replace function private.audit_distribution()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One audit row per attempt that ended (sent or failed), and per in-app notice recorded.
  if (tg_op = 'INSERT' and new.status = 'sent')
     or (tg_op = 'UPDATE' and new.status in ('sent', 'failed', 'queued') and old.status = 'sending' and new.attempts > old.attempts) then
    insert into public.audit_log (table_name, row_id, action, changed_by, row_data)
    values ('results', new.result_id, 'distribute', null, jsonb_strip_nulls(jsonb_build_object(
      'channel', new.channel,
      'recipient', new.recipient,
      'status', case when new.status = 'sent' then 'sent' else 'failed' end,
      'attempt', greatest(new.attempts, 1),
      'reason', case when new.status = 'sent' then null else new.last_error end,
      'critical', new.purpose <> 'result')));
  end if;
  return null;
end;
$$;
comment on function private.audit_distribution() is 'Trigger: each distribution attempt (sent or failed) is an audit_log row, action distribute, on the result.';
revoke execute on function private.audit_distribution() from public, anon, authenticated;

create trigger audit_distribution after insert or update on public.result_distributions
  for each row execute function private.audit_distribution();

-- The job claims due rows atomically so two overlapping runs never send one twice; a row
-- left 'sending' by a crashed run is due again after five minutes (the providers'
-- idempotency keys, the row's id, keep that resend from reaching anyone twice).
create or replace function public.claim_result_distributions(p_batch integer)
returns setof public.result_distributions
language sql
volatile
security definer
set search_path = ''
as $$
  update public.result_distributions d
     set status = 'sending', next_attempt_at = now() + interval '5 minutes', updated_at = now()
   where d.id in (
     select id from public.result_distributions
      where (status = 'queued' and next_attempt_at <= now())
         or (status = 'sending' and next_attempt_at <= now())
      order by next_attempt_at
      limit greatest(1, least(p_batch, 500))
      for update skip locked)
  returning d.*;
$$;
comment on function public.claim_result_distributions(integer) is 'Service role: claims up to p_batch due distribution sends (status sending) for result-distribute.';
revoke execute on function public.claim_result_distributions(integer) from public, anon, authenticated;
grant execute on function public.claim_result_distributions(integer) to service_role;

-- A critical value is acknowledged by the ordering provider too (their own login), not
-- only by staff: being told and acknowledging is the provider's part of the record. One
-- update policy (the linter flags several permissive ones); private.guard_alert still
-- lets a user only acknowledge an open alert, stamped by the server.
drop policy "staff acknowledge alerts" on public.alerts;
create policy "staff acknowledge alerts; the provider their critical values" on public.alerts
  for update to authenticated
  using ((select private.is_staff()) or (kind = 'critical_value' and provider_id = (select private.my_provider_id()) and (select private.my_account_active())))
  with check ((select private.is_staff()) or (kind = 'critical_value' and provider_id = (select private.my_provider_id()) and (select private.my_account_active())));
