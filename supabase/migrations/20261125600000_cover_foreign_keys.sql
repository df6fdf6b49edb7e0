-- Every foreign key gets an index that its columns lead (Supabase's linter rule 0001,
-- unindexed_foreign_keys). Without one, a read by the referenced row (the organization
-- pages read memberships by organization; a delegate's page reads approvals by delegate)
-- scans the whole referencing table, and so does every ON DELETE action of the parent.
-- The keys already led by a unique index (memberships and approvals by provider,
-- preferences by provider, roles by user) need nothing more. tests/database/lint.test.ts
-- holds every later table to the same rule, on PGlite and on PostgreSQL.

create index if not exists providers_default_organization_id_idx
  on public.providers (default_organization_id);
create index if not exists profiles_provider_id_idx
  on public.profiles (provider_id);
create index if not exists profiles_deactivated_by_idx
  on public.profiles (deactivated_by);
create index if not exists provider_organization_memberships_organization_id_idx
  on public.provider_organization_memberships (organization_id);
create index if not exists provider_organization_memberships_assigned_by_idx
  on public.provider_organization_memberships (assigned_by);
create index if not exists provider_delegate_approvals_delegate_id_idx
  on public.provider_delegate_approvals (delegate_id);
create index if not exists provider_delegate_approvals_created_by_idx
  on public.provider_delegate_approvals (created_by);
create index if not exists reference_data_sets_published_by_idx
  on public.reference_data_sets (published_by);
