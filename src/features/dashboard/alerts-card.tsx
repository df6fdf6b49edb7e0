/**
 * The dashboard's open alerts (issues 27 and 33): verification changes the scheduled
 * re-verification raised (enrollment lost, NPI deactivated, …), first on the page so that
 * nobody misses them, each linked to its provider; staff acknowledge them here.
 */
import { OpenAlertsList } from '../../components/alerts/alert-list.tsx';
import { FigureCard } from '../../components/dashboard/figure-card.tsx';

export function AlertsCard() {
  return (
    <FigureCard title="Open alerts" description="Changes found by re-verification and exclusion screening that someone must look at." testId="dashboard-alerts">
      <OpenAlertsList canAcknowledge />
    </FigureCard>
  );
}
