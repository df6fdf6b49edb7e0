/**
 * /providers/{id}/manage (spec §2): breadcrumb 'Providers' > name, the title 'First Last'
 * (plus ', credential'), the Profile (/edit), Preferences, Delegates and Activity tabs chosen by
 * the path, and the tab content, which receives the provider. The provider is read live
 * from the local database: edits synced from elsewhere show at once.
 */
import { Box, Breadcrumb, Center, HStack, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { providerDisplayName, providerFullName } from '../../../lib/provider/provider-name.ts';
import { useProvider } from '../data/use-provider.ts';
import { activeManageTab, normalizeProviderId, type ManageTab } from '../model/manage-route.ts';
import { PROVIDER_LOAD_FAILED } from '../model/provider-texts.ts';
import { showToast } from '../../../components/show-toast.ts';
import { RecordStatusBadge as StatusBadge } from '../../../components/list/record-status-badge.tsx';
import type { ManageContext, ProviderSlot } from './manage-context.ts';
import { ProviderAlertsCard } from './provider-alerts-card.tsx';
import { ProviderNotFound } from './provider-not-found.tsx';
import { ProviderScreeningCard } from './provider-screening-card.tsx';

const TAB_PATHS: Readonly<Record<ManageTab, string>> = { profile: 'edit', preferences: 'preferences', delegates: 'delegates', activity: 'activity' };
const TAB_LABELS: Readonly<Record<ManageTab, string>> = { profile: 'Profile', preferences: 'Preferences', delegates: 'Delegates', activity: 'Activity' };
const TABS = Object.keys(TAB_LABELS) as ManageTab[];

export interface ProviderManagePageProps {
  /** Extra header actions for the provider (issue 7: Link User Account), composed by src/app. */
  headerActions?: ProviderSlot;
}

export function ProviderManagePage({ headerActions: HeaderActions }: ProviderManagePageProps = {}) {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const load = useProvider(params.id);
  const id = normalizeProviderId(params.id);
  const failed = load.status === 'error';

  useEffect(() => {
    if (failed) showToast(PROVIDER_LOAD_FAILED);
  }, [failed]);

  if (load.status === 'loading') {
    return (
      <Center py="24" role="status" aria-live="polite" data-testid="provider-loading">
        <HStack gap="3" color="fg.muted">
          <Spinner size="md" color="brand.solid" />
          <Text>Loading provider…</Text>
        </HStack>
      </Center>
    );
  }
  if (load.status !== 'found') return <ProviderNotFound failed={failed} />;

  const provider = load.record;
  const tab = activeManageTab(pathname);
  const base = `/providers/${encodeURIComponent(id)}/manage`;
  const onTabPath = TABS.some((key) => pathname.endsWith(`/${TAB_PATHS[key]}`));
  const context: ManageContext = { provider };

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb.Root size="sm" mb="1">
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to="/providers">Providers</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{providerFullName(provider) || 'Unnamed provider'}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={providerDisplayName(provider) || 'Unnamed provider'}
        description={provider.taxonomy_description ?? undefined}
        actions={
          <HStack gap="3" wrap="wrap" justify="flex-end">
            {HeaderActions && <HeaderActions provider={provider} />}
            <StatusBadge isActive={provider.is_active} exclusionStatus={provider.exclusion_status} />
          </HStack>
        }
      />
      <ProviderAlertsCard providerId={provider.id} />
      <ProviderScreeningCard provider={provider} />
      {/*
        The path chooses the tab. The triggers are buttons that navigate (not links: Chakra's
        tabs follow an anchor trigger with a native click, which reloaded the whole page);
        a click on the selected tab still navigates (to the tab's own path).
        Every trigger controls a panel that exists (aria-controls must name an element):
        the selected tab's panel holds the route's content; a path of no tab shows below them.
      */}
      <Tabs.Root
        value={tab}
        activationMode="manual"
        variant="line"
        onValueChange={(details) => navigate(`${base}/${TAB_PATHS[details.value as ManageTab]}`)}
      >
        <Tabs.List mb="6">
          {TABS.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              onClick={() => {
                const target = `${base}/${TAB_PATHS[key]}`;
                if (key === tab && pathname !== target) navigate(target);
              }}
            >
              {TAB_LABELS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((key) => (
          <Tabs.Content key={key} value={key} p="0">
            {key === tab && onTabPath && <Outlet context={context} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {!onTabPath && (
        <Box>
          <Outlet context={context} />
        </Box>
      )}
    </>
  );
}
