/**
 * Every place a secret is stored, and the passes over all of them: sealing what is still in plain
 * text (at every start: values written before secrets were sealed), re-sealing everything under
 * the current key (a rotation), and counting which keys stored secrets are under.
 *
 * The places: SMTP passwords (smtp_settings.password), captcha keys (site_captcha.secret: the
 * built-in captcha's HMAC key or the reCAPTCHA secret), webhook signing secrets
 * (webhook_secrets.secret), translation providers' API keys (websites.multilingual, at
 * connection.apiKey), two-factor seeds (accounts.totp_secret) and Stripe's secret key and webhook
 * signing secrets (payment_settings.stripe_secret_key, stripe_webhook_secret,
 * stripe_previous_webhook_secret). Each module declares its own
 * places (./places.ts) beside its tables; a new place is added to the list here, or neither pass
 * sees it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { smtpSettings } from '../jobs/schema';
import { twoFactorSeeds } from '../modules/accounts';
import { webhookSigningSecrets } from '../modules/forms';
import { stripeSecretPlaces } from '../modules/payments';
import { captchaKeys, translationApiKeys } from '../modules/sites';
import { SEALING_APPLICATION_PREFIX } from './keys';
import { secretColumn, type SecretPlace } from './places';
import { knownKeyIds, SEALED_PREFIX, sealedUnder, SecretKeyError } from './sealed';

export const SECRET_PLACES: SecretPlace[] = [
  secretColumn('SMTP passwords', smtpSettings, [smtpSettings.websiteId], smtpSettings.password),
  captchaKeys,
  webhookSigningSecrets,
  translationApiKeys,
  twoFactorSeeds,
  ...stripeSecretPlaces,
];

/** An arbitrary constant naming "re-sealing stored secrets" among advisory locks: passes of app servers starting together, and a rotation, run one at a time. */
const SEALING_LOCK = 7_316_002;

/** Re-seals, under the current key, every value of every place that `needsWork` picks; answers the count per place. */
async function resealWhere(tx: Executor, needsWork: (value: SQL) => SQL): Promise<Record<string, number>> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEALING_LOCK})`);
  const counts: Record<string, number> = {};
  for (const place of SECRET_PLACES) counts[place.what] = await place.reseal(tx, needsWork);
  return counts;
}

/** Which keys stored secrets are sealed under (key id → count), and how many are still plain text. */
export async function storedSecretKeys(db: Executor): Promise<{ plain: number; byKey: Record<string, number> }> {
  const census = { plain: 0, byKey: {} as Record<string, number> };
  for (const place of SECRET_PLACES) {
    for (const { id, n } of await place.census(db)) {
      if (id === null) census.plain += n;
      else census.byKey[id] = (census.byKey[id] ?? 0) + n;
    }
  }
  return census;
}

/**
 * The start's pass: seals every secret still stored in plain text, in one transaction (app servers
 * starting together take turns, and the later ones find nothing left), then checks that every
 * sealed secret is under a key this server holds, so a missing key stops the start rather than
 * the first email. Answers how many were sealed.
 */
export async function sealPlainSecrets(db: Db): Promise<number> {
  const counts = await db.transaction((tx) => resealWhere(tx, (value) => sql`NOT starts_with(${value}, ${SEALED_PREFIX})`));
  const { byKey } = await storedSecretKeys(db);
  const unknown = Object.keys(byKey).filter((id) => !knownKeyIds().includes(id));
  if (unknown.length > 0) {
    throw new SecretKeyError(
      `Stored secrets are sealed with key ${unknown.join(', ')}, which this server does not have: set SECRET_KEY (and SECRET_KEY_NEXT during a rotation) to the keys the other app servers use`,
    );
  }
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** App servers connected now that seal with another key than `currentId` (from their connections' application_name). */
export async function serversSealingWithOtherKeys(db: Executor, currentId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT DISTINCT substr(application_name, ${SEALING_APPLICATION_PREFIX.length + 1}) AS id FROM pg_stat_activity
         WHERE datname = current_database() AND starts_with(application_name, ${SEALING_APPLICATION_PREFIX})`,
  );
  return rows.map((r) => r.id).filter((id) => id !== currentId);
}

/**
 * A rotation's pass: every stored secret not under the current key is opened (with any key of the
 * ring) and sealed again under the current key, in one transaction that commits only if nothing is
 * left under another key or in plain text. Answers the count per place.
 */
export async function resealAllSecrets(db: Db, currentId: string): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const counts = await resealWhere(tx, (value) => sql`NOT starts_with(${value}, ${sealedUnder(currentId)})`);
    const { plain, byKey } = await storedSecretKeys(tx);
    const left = Object.keys(byKey).filter((id) => id !== currentId);
    if (plain > 0 || left.length > 0)
      throw new SecretKeyError(
        `Not every stored secret could be re-sealed (left: ${plain} in plain text, keys ${left.join(', ') || 'none'}); nothing was changed`,
      );
    return counts;
  });
}
