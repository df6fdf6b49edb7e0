/**
 * The demo logins that supabase/seed.sql creates, printed by `npm run stack` and
 * `npm start`. Local demo data only: a hosted project gets no such users unless it is
 * seeded with supabase/seed.sql. The first three are the roles of the product (admin,
 * non-admin staff, a provider's own login); the delegates are staff users assigned as
 * delegates of several demo providers.
 */
export interface DemoLogin {
  label: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { label: 'Admin', email: 'admin@demo-lab.test', password: 'demo-admin-2026' },
  { label: 'Staff (non-admin)', email: 'staff@demo-lab.test', password: 'demo-staff-2026' },
  { label: 'Provider', email: 'provider@demo-lab.test', password: 'demo-provider-2026' },
  { label: 'Delegate (staff)', email: 'maria.rivera@demo-lab.test', password: 'demo-delegate-2026' },
  { label: 'Delegate (staff)', email: 'kevin.osei@demo-lab.test', password: 'demo-delegate-2026' },
];
