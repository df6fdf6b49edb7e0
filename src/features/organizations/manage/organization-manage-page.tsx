/**
 * /organizations/{orgId}/manage (issue 24): breadcrumb Organizations > name, the legal name
 * (DBA and type under it), status and active providers (Excluded after a confirmed OIG
 * exclusion), its alerts and exclusion screening (issue 33), and the Edit, Schedule and
 * People tabs chosen by the path; "Organization Not Found" for an unknown id. The organization is
 * read live from the local database, so edits synced from elsewhere show at once.
 */
import { Badge, Breadcrumb, Center, HStack, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { RecordAlertsCard } from '../../../components/alerts/record-alerts-card.tsx';
import { ScreeningCard } from '../../../components/exclusions/screening-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../components/show-toast.ts';
import { confirmedExclusion, exclusionLabel } from '../../../lib/exclusions/order-exclusion.ts';
import { selectIsProviderOnly, useSessionStore } from '../../../stores/session-store.ts';
import { useActiveMemberCounts } from '../data/member-counts.ts';
import { useOrganization } from '../data/use-organization.ts';
import { activeManageTab, MANAGE_TABS, manageOrganizationPath, ORGANIZATION_PATHS, type ManageTab } from '../model/organization-paths.ts';
import { ORGANIZATION_LOAD_FAILED, ORGANIZATION_KIND_LABELS, organizationStatusLabel } from '../model/organization-texts.ts';
import type { OrganizationManageContext } from './manage-context.ts';
import { OrganizationNotFound } from './organization-not-found.tsx';

const TAB_LABELS: Readonly<Record<ManageTab, string>> = { edit: 'Edit', schedule: 'Schedule', people: 'People', activity: 'Activity' };

export function OrganizationManagePage() {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const load = useOrganization(params.orgId);
  const counts = useActiveMemberCounts();
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const failed = load.status === 'error';
  useEffect(() => {
    if (failed) showToast(ORGANIZATION_LOAD_FAILED);
  }, [failed]);

  if (load.status === 'loading') {
    return (
      <Center py="24" role="status" aria-live="polite" data-testid="organization-loading">
        <HStack gap="3" color="fg.muted">
          <Spinner size="md" color="brand.solid" />
          <Text>Loading organization…</Text>
        </HStack>
      </Center>
    );
  }
  if (load.status !== 'found') return <OrganizationNotFound failed={failed} />;
  const organization = load.record;
  const tab = activeManageTab(pathname);
  const context: OrganizationManageContext = { organization };
  const members = counts.get(organization.id) ?? 0;
  const exclusion = confirmedExclusion(organization);
  const type = organization.type as keyof typeof ORGANIZATION_KIND_LABELS;

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb.Root size="sm" mb="1" aria-label="Breadcrumb">
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={ORGANIZATION_PATHS.list}>Organizations</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{organization.legal_name}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={organization.legal_name}
        description={[organization.dba_name ? `DBA ${organization.dba_name}` : null, ORGANIZATION_KIND_LABELS[type] ?? organization.type, organization.account_number ? `Account ${organization.account_number}` : null]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <HStack gap="3" wrap="wrap" justify="flex-end">
            <Badge variant="subtle">{members === 1 ? '1 active provider' : `${members} active providers`}</Badge>
            <Badge colorPalette={organization.is_active ? 'green' : 'gray'} variant="subtle" data-testid="organization-status">
              {organizationStatusLabel(organization.is_active)}
            </Badge>
            {exclusion && (
              <Badge colorPalette="red" variant="solid" data-testid="organization-excluded" title="On the OIG exclusion list (LEIE): exclusion type and date">
                {exclusionLabel(exclusion)}
              </Badge>
            )}
          </HStack>
        }
      />
      <RecordAlertsCard filter={{ organizationId: organization.id }} canAcknowledge={!providerOnly} openText="what exclusion screening found." />
      <ScreeningCard kind="organization" record={organization} canScreen={!providerOnly} />
      <Tabs.Root value={tab} activationMode="manual" variant="line" onValueChange={(details) => navigate(manageOrganizationPath(organization.id, details.value as ManageTab))}>
        <Tabs.List mb="6">
          {MANAGE_TABS.map((key) => (
            <Tabs.Trigger key={key} value={key}>
              {TAB_LABELS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MANAGE_TABS.map((key) => (
          <Tabs.Content key={key} value={key} p="0">
            {key === tab && <Outlet context={context} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
