/**
 * `npm run user -- add EMAIL --role ROLE --site SITE`: gives an account a team role on a site,
 * creating the account with a generated password (printed once) when the email has none.
 * `npm run user -- reset-password EMAIL` sets a new generated password and ends the account's sessions.
 * `npm run user -- disable-two-factor EMAIL` turns off two-factor sign-in for a member who lost the
 * authenticator app, and ends the account's sessions.
 */
import { TEAM_ROLES, type TeamRoleName } from '../domain/roles';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/database';
import { createAccount, findAccountByEmail, setPassword, setRole } from '../server/modules/accounts';
import { configurePasswordHashing, generatePassword } from '../server/modules/accounts';
import { endSessionsOf } from '../server/modules/accounts';
import { clearTwoFactor } from '../server/modules/accounts';
import { findWebsiteByIdentifier } from '../server/modules/sites';
import { runCommand } from './run';

const USAGE = `usage: npm run user -- add EMAIL --role ROLE --site SITE_IDENTIFIER
       npm run user -- reset-password EMAIL
       npm run user -- disable-two-factor EMAIL
roles: ${Object.keys(TEAM_ROLES).join(', ')}`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function run(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  const emailOk = !!email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  if (!emailOk || (command !== 'add' && command !== 'reset-password' && command !== 'disable-two-factor')) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  configurePasswordHashing(config.passwordHashCost);
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const { db } = opened.database;
  try {
    if (command === 'reset-password') {
      const account = await findAccountByEmail(db, email);
      if (!account) {
        console.error(`No account uses ${email}.`);
        return 1;
      }
      const password = generatePassword();
      await setPassword(db, account.id, password);
      await endSessionsOf(db, account.id);
      console.log(`New password for ${account.email}: ${password}   (shown this once)`);
      return 0;
    }
    if (command === 'disable-two-factor') {
      const account = await findAccountByEmail(db, email);
      if (!account) {
        console.error(`No account uses ${email}.`);
        return 1;
      }
      await clearTwoFactor(db, account.id);
      await endSessionsOf(db, account.id);
      console.log(
        account.totpEnabledAt
          ? `Two-factor sign-in is now off for ${account.email}: the password alone signs in, and the member can turn it on again under 'Your account'.`
          : `Two-factor sign-in was not on for ${account.email}; nothing to turn off.`,
      );
      console.log(`Ended every session of ${account.email}.`);
      return 0;
    }
    const roleName = option(rest, '--role')?.toUpperCase() as TeamRoleName | undefined;
    const identifier = option(rest, '--site');
    if (!roleName || !(roleName in TEAM_ROLES) || !identifier) {
      console.error(USAGE);
      return 2;
    }
    const site = await findWebsiteByIdentifier(db, identifier);
    if (!site) {
      console.error(`No site with identifier ${identifier}.`);
      return 1;
    }
    const existing = await findAccountByEmail(db, email);
    let password: string | undefined;
    const accountId = existing?.id ?? (await createAccount(db, email, (password = generatePassword())));
    await setRole(db, site.id, accountId, TEAM_ROLES[roleName]);
    console.log(`${email.toLowerCase()} is ${roleName} on ${identifier}.`);
    if (password) console.log(`New account. Password: ${password}   (shown this once)`);
    return 0;
  } finally {
    await opened.close({ keepServer: opened.adopted });
  }
}

runCommand(run);
