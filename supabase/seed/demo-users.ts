/**
 * The demo logins of the local stack (supabase/local/db/demo-logins.sql, never
 * supabase/seed.sql): who they are, their role, and their password as a bcrypt hash. The passwords themselves live in supabase/local/demo-logins.ts (printed by
 * `npm run stack`); the hashes were made once with bcryptjs (`hashSync(password, 10)`) and
 * pasted here so the seed is stable and needs no pgcrypto. generate-seed.ts checks that
 * every hash still matches its password.
 */
import { DEMO_LOGINS } from '../local/demo-logins.ts';
import { seedUuid } from './ids.ts';

export type DemoUserKey = 'admin' | 'staff' | 'provider' | 'maria' | 'kevin';

export interface DemoUser {
  key: DemoUserKey;
  id: string;
  email: string;
  password: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  professionalTitle: string;
  role: 'admin' | 'staff' | 'provider';
}

interface UserFacts {
  key: DemoUserKey;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  professionalTitle: string;
  role: 'admin' | 'staff' | 'provider';
}

// The provider login's names are those of its provider record (Samuel Okafor, the
// fixtures' multiEnrollment NPI); demo-providers.ts links them.
const FACTS: readonly UserFacts[] = [
  {
    key: 'admin',
    email: 'admin@demo-lab.test',
    passwordHash: '$2b$10$nhXLMNf6S6hRlam2dMR6hevfSvDeyNz4CDiaqb01bnYsZlXTvcBS.',
    firstName: 'Dana',
    lastName: 'Whitaker',
    professionalTitle: 'Laboratory Operations Manager',
    role: 'admin',
  },
  {
    key: 'staff',
    email: 'staff@demo-lab.test',
    passwordHash: '$2b$10$o57dPFXx3FXL9HcAcGbsAOXk.Ru1fvcpQ2z8b4.QHQaApmPsIHM4i',
    firstName: 'Chris',
    lastName: 'Alvarez',
    professionalTitle: 'Client Services Representative',
    role: 'staff',
  },
  {
    key: 'provider',
    email: 'provider@demo-lab.test',
    passwordHash: '$2b$10$6IqmmfKR8R6kl6VsFnR3..pw4uA6irvicqH.2L7fxykxFsxZX3eHq',
    firstName: 'Samuel',
    lastName: 'Okafor',
    professionalTitle: 'Physician',
    role: 'provider',
  },
  {
    key: 'maria',
    email: 'maria.rivera@demo-lab.test',
    passwordHash: '$2b$10$BETIX4kTO/Brsix1VqGiPecYDXSsKEBwNyQrllyb96Yml9xgZ4zY6',
    firstName: 'Maria',
    lastName: 'Rivera',
    professionalTitle: 'Medical Assistant',
    role: 'staff',
  },
  {
    key: 'kevin',
    email: 'kevin.osei@demo-lab.test',
    passwordHash: '$2b$10$BETIX4kTO/Brsix1VqGiPecYDXSsKEBwNyQrllyb96Yml9xgZ4zY6',
    firstName: 'Kevin',
    lastName: 'Osei',
    professionalTitle: 'Practice Manager',
    role: 'staff',
  },
];

export function demoUsers(): DemoUser[] {
  return FACTS.map((facts) => {
    const login = DEMO_LOGINS.find((candidate) => candidate.email === facts.email);
    if (!login) throw new Error(`${facts.email} is not in DEMO_LOGINS (supabase/local/demo-logins.ts)`);
    return { ...facts, id: seedUuid(`user:${facts.key}`), password: login.password };
  });
}

export function demoUser(key: DemoUserKey): DemoUser {
  const user = demoUsers().find((candidate) => candidate.key === key);
  if (!user) throw new Error(`No demo user ${key}`);
  return user;
}
