-- No answer of the Data API is kept by a browser's HTTP cache (issue 43, item 2).
--
-- Answers carry patient data (PHI). PostgREST sends no Cache-Control of its own and hosted
-- Supabase's gateway adds none to JSON answers, so a browser may keep an answer in its disk
-- cache, readable after sign-out. The app's client already fetches with `cache: 'no-store'`
-- (src/lib/browser/no-store-fetch.ts) and does not rely on this; this is the server's side,
-- for every client: PostgREST calls the pre-request function at the start of each request
-- (`pgrst.db_pre_request` on the authenticator role, its in-database configuration), and
-- the headers it sets in `response.headers` go out with the answer.

create function private.api_pre_request()
returns void
language sql
volatile
set search_path = ''
as $$
  select set_config('response.headers', '[{"Cache-Control": "no-store"}]', true);
$$;

comment on function private.api_pre_request() is
  'PostgREST''s db-pre-request: marks every Data API answer Cache-Control: no-store (answers carry PHI; issue 43).';

-- PostgREST calls it as the request's role, anonymous callers included.
grant usage on schema private to anon;
revoke execute on function private.api_pre_request() from public;
grant execute on function private.api_pre_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request to 'private.api_pre_request';
notify pgrst, 'reload config';
