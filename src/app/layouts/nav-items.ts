/** The sections of the main navigation (sidebar on desktop, drawer on tablet). */
import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuBookOpen,
  LuClipboardCheck,
  LuClipboardList,
  LuDatabase,
  LuFlaskConical,
  LuHistory,
  LuInbox,
  LuLayoutDashboard,
  LuNetwork,
  LuStethoscope,
  LuUserRound,
  LuUsersRound,
} from 'react-icons/lu';

export interface NavItem {
  label: string;
  to: string;
  icon: IconType;
  /** Only exact matches are active (the dashboard), not every path below it. */
  end?: boolean;
  /** A live count shown beside the label (the results not yet signed off). */
  count?: 'unreviewed-results';
}

export interface NavSection {
  title: string;
  items: NavItem[];
  adminOnly?: boolean;
}

export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: LuLayoutDashboard, end: true },
      { label: 'Timeline', to: '/timeline', icon: LuHistory },
    ],
  },
  {
    title: 'Directory',
    items: [
      { label: 'Providers', to: '/providers', icon: LuStethoscope },
      { label: 'Organizations', to: '/organizations', icon: LuBuilding2 },
      { label: 'Memberships', to: '/organization-memberships', icon: LuNetwork },
    ],
  },
  {
    title: 'Laboratory',
    items: [
      { label: 'Order entry', to: '/orders/entry', icon: LuClipboardList },
      { label: 'Orders', to: '/orders', icon: LuClipboardCheck, end: true },
      { label: 'Results', to: '/results', icon: LuFlaskConical, count: 'unreviewed-results', end: true },
      { label: 'Result queue', to: '/results/queue', icon: LuInbox },
      { label: 'Patients', to: '/patients', icon: LuUserRound },
      { label: 'Test compendium', to: '/compendium', icon: LuBookOpen },
    ],
  },
  {
    title: 'Administration',
    adminOnly: true,
    items: [
      { label: 'Users', to: '/users', icon: LuUsersRound },
      { label: 'Reference data', to: '/reference', icon: LuDatabase },
    ],
  },
];

/** A provider's own login: their record (issue 25), and the dashboard, orders and results of their practice (issue 27). */
export const PROVIDER_NAV_SECTIONS: NavSection[] = [
  {
    title: 'My practice',
    items: [
      { label: 'My record', to: '/my-provider', icon: LuStethoscope },
      { label: 'Dashboard', to: '/dashboard', icon: LuLayoutDashboard, end: true },
      { label: 'Orders', to: '/orders', icon: LuClipboardCheck, end: true },
      { label: 'Results', to: '/results', icon: LuFlaskConical, count: 'unreviewed-results' },
    ],
  },
];
