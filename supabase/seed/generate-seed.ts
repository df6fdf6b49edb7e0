/**
 * Writes supabase/seed.sql (the demo directory) and supabase/local/db/demo-logins.sql (the
 * local stack's demo logins) from the demo data (run: `npx tsx supabase/seed/generate-seed.ts`;
 * `--check` only verifies that the committed files are current). Checks first that every
 * pasted bcrypt hash still matches its password in supabase/local/demo-logins.ts.
 */
import fs from 'node:fs';
import bcrypt from 'bcryptjs';
import { DEMO_LOGINS_FILE, SEED_FILE } from '../local/config.ts';
import { demoUsers } from './demo-users.ts';
import { buildSeed } from './seed-statements.ts';

for (const user of demoUsers()) {
  if (!bcrypt.compareSync(user.password, user.passwordHash)) {
    console.error(
      `The password hash of ${user.email} does not match its password in demo-logins.ts.\n` +
        `Make a new one with: node -e "console.log(require('bcryptjs').hashSync(process.argv[1], 10))" '<password>'`,
    );
    process.exit(1);
  }
}

const { sql, localSql, counts } = buildSeed();
const outputs: Array<[string, string]> = [
  [SEED_FILE, sql],
  [DEMO_LOGINS_FILE, localSql],
];
if (process.argv.includes('--check')) {
  const stale = outputs.filter(([file, text]) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '') !== text);
  if (stale.length > 0) {
    console.error(`${stale.map(([file]) => file).join(' and ')} out of date: run npx tsx supabase/seed/generate-seed.ts`);
    process.exit(1);
  }
  console.log('supabase/seed.sql and supabase/local/db/demo-logins.sql are up to date');
} else {
  for (const [file, text] of outputs) fs.writeFileSync(file, text);
  console.log(`Wrote ${SEED_FILE} and ${DEMO_LOGINS_FILE}: ${Object.entries(counts).map(([table, count]) => `${count} ${table}`).join(', ')}`);
}
