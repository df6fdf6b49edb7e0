/**
 * A list of alerts (issue 33): each with its kind, what changed and when it was raised,
 * and either who acknowledged it or, for staff, an Acknowledge button. The provider and
 * organization pages show their alerts with it; the dashboard can mount `<OpenAlertsList />`
 * (every open alert, linked to its provider or organization) or this list with its own filter. A possible OIG
 * exclusion match is not acknowledged but decided (confirmed, or dismissed with a reason);
 * how an alert was closed (the decision, or the entry leaving the list) shows under it.
 */
import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AlertDoc } from '../../db/index.ts';
import { acknowledgeAlert, useAlerts } from '../../lib/alerts/alert-data.ts';
import { formatListDateTime } from '../../lib/format/date.ts';
import { alertKindLabel, alertTone } from '../../lib/alerts/alert-texts.ts';
import { useLocalDatabase } from '../../lib/local-data/use-local-database.ts';
import { showToast } from '../show-toast.ts';
import { ExclusionDecision } from './exclusion-decision.tsx';

function when(iso: string | null | undefined): string {
  return formatListDateTime(iso, '');
}

/** How the server closed the alert (a decision, or the entry leaving the list), if it says. */
function resolutionOf(alert: Readonly<AlertDoc>): string | null {
  const details = alert.details as Record<string, unknown> | null;
  return details && typeof details.resolution === 'string' ? details.resolution : null;
}

export interface AlertListProps {
  alerts: ReadonlyArray<Readonly<AlertDoc>>;
  /** Staff acknowledge alerts; a provider's own login only reads them. */
  canAcknowledge: boolean;
  /** Link each alert to its provider's or organization's page (the dashboard's list). */
  linkProviders?: boolean;
  emptyText?: string;
}

export function AlertList({ alerts, canAcknowledge, linkProviders = false, emptyText = 'No alerts.' }: AlertListProps) {
  const db = useLocalDatabase();
  const [busy, setBusy] = useState<string | null>(null);

  const acknowledge = async (alert: Readonly<AlertDoc>) => {
    if (!db) return;
    setBusy(alert.id);
    const outcome = await acknowledgeAlert(db, alert, { timeoutMs: 3_000 });
    setBusy(null);
    if (outcome === 'failed') showToast({ title: 'Error', description: 'Failed to acknowledge the alert', type: 'error' });
    else showToast({ title: 'Alert acknowledged', description: alertKindLabel(alert.kind), type: 'success' });
  };

  if (alerts.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Alerts">
      {alerts.map((alert) => (
        <HStack as="li" key={alert.id} align="start" justify="space-between" gap="4" borderWidth="1px" rounded="md" p="3" data-testid="alert-item">
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Badge variant="surface" colorPalette={alertTone(alert.kind)}>
                {alertKindLabel(alert.kind)}
              </Badge>
              <Text fontSize="xs" color="fg.muted">
                Raised {when(alert.raised_at)}
              </Text>
              {linkProviders && alert.provider_id && (
                <Link asChild fontSize="xs" colorPalette="brand">
                  <RouterLink to={`/providers/${encodeURIComponent(alert.provider_id)}/manage/edit`}>Open provider</RouterLink>
                </Link>
              )}
              {linkProviders && alert.organization_id && !alert.provider_id && (
                <Link asChild fontSize="xs" colorPalette="brand">
                  <RouterLink to={`/organizations/${encodeURIComponent(alert.organization_id)}/manage/edit`}>Open organization</RouterLink>
                </Link>
              )}
            </HStack>
            <Text>{alert.summary}</Text>
            {alert.acknowledged_at && (
              <Text fontSize="xs" color="fg.muted">
                {resolutionOf(alert) ? `${resolutionOf(alert)} Closed ${when(alert.acknowledged_at)}` : `Acknowledged ${when(alert.acknowledged_at)}`}
              </Text>
            )}
          </Stack>
          {!alert.acknowledged_at && canAcknowledge && alert.kind === 'exclusion_possible' && <ExclusionDecision alert={alert} />}
          {!alert.acknowledged_at && canAcknowledge && alert.kind !== 'exclusion_possible' && (
            <Button size="xs" variant="outline" flexShrink={0} loading={busy === alert.id} onClick={() => void acknowledge(alert)}>
              Acknowledge
            </Button>
          )}
        </HStack>
      ))}
    </Stack>
  );
}

/** Every open alert, newest first, each linked to its provider or organization: for the dashboard. */
export function OpenAlertsList({ canAcknowledge }: { canAcknowledge: boolean }) {
  const live = useAlerts({ openOnly: true });
  if (live.status === 'loading') return <Text color="fg.muted">Loading alerts…</Text>;
  if (live.status === 'error') return <Text color="fg.error">The alerts could not be read on this device.</Text>;
  return <AlertList alerts={live.value} canAcknowledge={canAcknowledge} linkProviders emptyText="No open alerts." />;
}
