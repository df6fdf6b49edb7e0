-- Hardening found by the security tests (issue 8).
--
-- 1. Trigger functions are not API calls (as 20261121000002 and 20261121000003 already say
-- for theirs): touch_modified (security definer), touch_updated_at and guard_profile_update
-- kept Postgres' default EXECUTE for PUBLIC, so anyone, even an anonymous caller, could
-- reach them through /rest/v1/rpc and be answered 400 0A000 instead of being refused.
-- Revoking EXECUTE changes nothing for the triggers themselves: a trigger's function is not
-- checked for EXECUTE when it fires.
revoke execute on function public.touch_modified(), public.touch_updated_at(),
  public.guard_profile_update() from public, anon, authenticated;

-- 2. A provider's first and last name are required (spec §5: 'First name is required',
-- 'Last name is required'). The forms said so, but a client talking to the API directly
-- (or a replication push) could blank them. Like organizations.legal_name, a name must hold
-- more than spaces. NOT VALID: rows already stored are not re-checked (a data folder from
-- before keeps opening), every new or updated row is.
alter table public.providers
  add constraint providers_first_name_not_blank check (length(btrim(first_name)) > 0) not valid,
  add constraint providers_last_name_not_blank check (length(btrim(last_name)) > 0) not valid;
