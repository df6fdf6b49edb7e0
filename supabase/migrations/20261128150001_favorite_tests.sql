-- Issue 31: the tests an organization and a provider order most, offered first in order
-- entry. An additive, synced column on each (staff star and unstar a test from order entry
-- under the tables' existing policies): compendium order codes, in the order they were
-- starred. No new table: the device's 13 collections are all in use (docs/data-model.md).

alter table public.organizations
  add column favorite_tests text[] check (favorite_tests is null or (cardinality(favorite_tests) <= 50 and array_position(favorite_tests, null) is null));
alter table public.providers
  add column favorite_tests text[] check (favorite_tests is null or (cardinality(favorite_tests) <= 50 and array_position(favorite_tests, null) is null));

comment on column public.organizations.favorite_tests is 'The organization''s favourite tests (compendium codes, at most 50), offered first in order entry.';
comment on column public.providers.favorite_tests is 'The provider''s favourite tests (compendium codes, at most 50), offered first in order entry.';
