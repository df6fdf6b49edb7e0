/**
 * The demo logins that supabase/seed.sql creates, printed by `npm run stack` and
 * `npm start`. Local demo data only: a hosted project gets no such users.
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
];
