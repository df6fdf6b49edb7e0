-- The result queue (result_inbox_errors, 20261127150000) after issue 44: every laboratory
-- message that is not filed is kept once and answered the same way every time it comes.
--
-- - `dedupe_key`: the sender (MSH-3, MSH-4) and MSH-10 of the message, else the SHA-256 of
--   its bytes; unique, so ten resends of one message are one row whose `times_received` and
--   `last_received_at` say how often and when it came; `ack` (and `ack_code`) is the answer
--   it was given first, repeated to every resend.
-- - `kind`: why it waits for a person: malformed (or a NUL byte), unsupported (answered AR:
--   type, event, processing ID, version), unknown_order, closed_order (draft or cancelled),
--   patient_mismatch (the result names another patient than the order's), test_mismatch (a
--   test the order never asked for).
-- - `candidate_order_id`, `order_patient`, `message_patient`: the order the message named and
--   both identities ("PENNINGTON, HAROLD 1944-02-29" / "DOE, JANE 1980-01-01"), so staff see
--   them side by side before deciding.
-- - `message` keeps the text as received; a NUL byte (which text cannot hold) is written as
--   the HL7 hex escape \X00\.
-- Rows are written only by lis-inbound (the service role, through result_inbox_keep).

alter table public.result_inbox_errors
  add column kind text not null default 'malformed'
    check (kind in ('malformed', 'unsupported', 'unknown_order', 'closed_order', 'patient_mismatch', 'test_mismatch')),
  add column ack_code text check (ack_code is null or ack_code in ('AE', 'AR')),
  add column ack text,
  add column dedupe_key text,
  add column times_received integer not null default 1 check (times_received >= 1),
  add column last_received_at timestamptz,
  add column candidate_order_id uuid references public.orders (id),
  add column order_patient text check (order_patient is null or length(order_patient) <= 300),
  add column message_patient text check (message_patient is null or length(message_patient) <= 300);

update public.result_inbox_errors
   set dedupe_key = 'row:' || id::text,
       last_received_at = received_at,
       kind = case when error like '%placer order number%' then 'unknown_order' else 'malformed' end;

alter table public.result_inbox_errors
  alter column dedupe_key set not null,
  alter column last_received_at set not null,
  alter column last_received_at set default now();

create unique index result_inbox_errors_dedupe_key on public.result_inbox_errors (dedupe_key);
create index result_inbox_errors_candidate_order_idx on public.result_inbox_errors (candidate_order_id);

comment on column public.result_inbox_errors.dedupe_key is 'msh:<MSH-3>|<MSH-4>|<MSH-10>, else sha256:<hex of the bytes>: one row per message, however often it is resent.';
comment on column public.result_inbox_errors.ack is 'The HL7 ACK the message was answered with first; every resend gets it again.';
comment on column public.result_inbox_errors.times_received is 'How many times the laboratory sent this message (1 + resends).';
comment on column public.result_inbox_errors.kind is 'Why the message waits: malformed, unsupported (AR), unknown_order, closed_order, patient_mismatch, test_mismatch.';
comment on column public.result_inbox_errors.message is 'The message as received; a NUL byte is written as the HL7 hex escape \X00\.';

-- A resend of a message the queue holds: counted, and its first answer returned (no row: a new message).
create or replace function public.result_inbox_resent(p_dedupe_key text)
returns table (id uuid, ack text, times_received integer)
language sql
security definer
set search_path = ''
as $$
  update public.result_inbox_errors e
     set times_received = e.times_received + 1, last_received_at = now()
   where e.dedupe_key = p_dedupe_key
  returning e.id, e.ack, e.times_received;
$$;
comment on function public.result_inbox_resent(text) is 'Counts a resend of a queued laboratory message and returns the answer it was first given.';

-- Keeps a message that is not filed; two first arrivals at once make one row, and the
-- second is answered as the first was.
create or replace function public.result_inbox_keep(p_row jsonb)
returns table (id uuid, ack text, times_received integer)
language sql
security definer
set search_path = ''
as $$
  insert into public.result_inbox_errors as e (
    dedupe_key, kind, control_id, placer_order_number, patient_name, error, error_location, message,
    ack_code, ack, candidate_order_id, order_patient, message_patient)
  values (
    p_row ->> 'dedupe_key', p_row ->> 'kind', p_row ->> 'control_id', p_row ->> 'placer_order_number',
    p_row ->> 'patient_name', p_row ->> 'error', p_row ->> 'error_location', p_row ->> 'message',
    p_row ->> 'ack_code', p_row ->> 'ack', (p_row ->> 'candidate_order_id')::uuid,
    p_row ->> 'order_patient', p_row ->> 'message_patient')
  on conflict (dedupe_key) do update
     set times_received = e.times_received + 1, last_received_at = now()
  returning e.id, e.ack, e.times_received;
$$;
comment on function public.result_inbox_keep(jsonb) is 'Keeps a laboratory message that was not filed (one row per dedupe_key) and returns the answer it was given first.';

revoke execute on function public.result_inbox_resent(text), public.result_inbox_keep(jsonb) from public, anon, authenticated;
grant execute on function public.result_inbox_resent(text), public.result_inbox_keep(jsonb) to service_role;

-- A message already filed (its results carry its MSH-10) is answered AA again, never filed twice.
create index results_control_id_idx on public.results (control_id);
