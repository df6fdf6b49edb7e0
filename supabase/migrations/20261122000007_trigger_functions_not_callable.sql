-- Trigger functions are not API calls (as 20261121000002 and 20261121000003 already say for
-- theirs): touch_modified (security definer), touch_updated_at and guard_profile_update kept
-- Postgres' default EXECUTE for PUBLIC, so anyone, even an anonymous caller, could reach
-- them through /rest/v1/rpc and be answered 400 0A000 instead of being refused. Revoking
-- EXECUTE changes nothing for the triggers themselves: a trigger's function is not checked
-- for EXECUTE when it fires.
revoke execute on function public.touch_modified(), public.touch_updated_at(),
  public.guard_profile_update() from public, anon, authenticated;
