/**
 * Writes supabase/seed.sql from the demo data (run: `npx tsx supabase/seed/generate-seed.ts`;
 * `--check` only verifies that the committed file is current). Checks first that every
 * pasted bcrypt hash still matches its password in supabase/local/demo-logins.ts.
 */
import fs from 'node:fs';
import bcrypt from 'bcryptjs';
import { SEED_FILE } from '../local/config.ts';
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

const { sql, counts } = buildSeed();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(SEED_FILE) ? fs.readFileSync(SEED_FILE, 'utf8') : '';
  if (current !== sql) {
    console.error('supabase/seed.sql is out of date: run npx tsx supabase/seed/generate-seed.ts');
    process.exit(1);
  }
  console.log('supabase/seed.sql is up to date');
} else {
  fs.writeFileSync(SEED_FILE, sql);
  console.log(`Wrote ${SEED_FILE}: ${Object.entries(counts).map(([table, count]) => `${count} ${table}`).join(', ')}`);
}
