-- Idempotency for the Edge Functions called through the app's outbox (verify-pecos,
-- invite-user): the outbox sends one key per queued call and may send it again after a
-- timeout or a reload; the function records the first run under that key and answers a
-- repeat with the stored response instead of acting twice (a second invite email, a
-- second registry check). Only the functions, with the service role, use this table.

create table public.function_idempotency (
  key text primary key check (length(key) > 0),
  function_name text not null,
  caller_id uuid,
  -- Hash of the request body: the same key with a different body is a client bug (422).
  request_hash text not null,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  response jsonb,
  status_code int,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.function_idempotency is 'One row per idempotency key of an Edge Function call: running, then done or failed with the stored response. Service role only (RLS on, no policies).';
create index function_idempotency_created_at on public.function_idempotency (created_at);

-- RLS with no policy: no API role but the service role (which bypasses RLS) sees a row.
alter table public.function_idempotency enable row level security;
revoke all on table public.function_idempotency from anon, authenticated;

create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function public.touch_updated_at() is 'Trigger: sets updated_at to the transaction time.';

create trigger touch_updated_at before update on public.function_idempotency
  for each row execute function public.touch_updated_at();
