/**
 * Every place a secret is stored, and the passes over all of them: sealing what is still in plain
 * text (at every start: values written before secrets were sealed), re-sealing everything under
 * the current key (a rotation), and counting which keys stored secrets are under.
 *
 * The places: SMTP passwords (smtp_settings.password), captcha keys (site_captcha.secret: the
 * built-in captcha's HMAC key or the reCAPTCHA secret), webhook signing secrets
 * (webhook_secrets.secret), translation providers' API keys (websites.multilingual, at
 * connection.apiKey) and two-factor seeds (accounts.totp_secret). A new place is added here, or
 * neither pass sees it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { accounts } from '../modules/accounts/schema/team';
import { siteCaptcha } from '../modules/sites/schema/captcha';
import { smtpSettings } from '../jobs/schema';
import { webhookSecrets } from '../modules/forms/schema/forms';
import { websites } from '../modules/sites/schema/sites';
import { SEALING_APPLICATION_PREFIX } from './keys';
import { knownKeyIds, seal, SEALED_PREFIX, sealedUnder, SecretKeyError, unseal } from './sealed';

type Place = {
  what: string;
  table: PgTable;
  /** The row's primary key. */
  keys: PgColumn[];
  /** The stored text (null where the row holds none). */
  value: SQL;
  /** The assignment that stores a new text. */
  assign(text: string): SQL;
};

const column = (what: string, table: PgTable, keys: PgColumn[], stored: PgColumn): Place => ({
  what,
  table,
  keys,
  value: sql`${stored}`,
  assign: (text) => sql`${sql.identifier(stored.name)} = ${text}`,
});

export const SECRET_PLACES: Place[] = [
  column('SMTP passwords', smtpSettings, [smtpSettings.websiteId], smtpSettings.password),
  column('captcha keys', siteCaptcha, [siteCaptcha.websiteId], siteCaptcha.secret),
  column('webhook signing secrets', webhookSecrets, [webhookSecrets.websiteId, webhookSecrets.formId], webhookSecrets.secret),
  {
    what: 'translation API keys',
    table: websites,
    keys: [websites.id],
    value: sql`(${websites.multilingual} #>> '{connection,apiKey}')`,
    assign: (text) => sql`multilingual = jsonb_set(multilingual, '{connection,apiKey}', to_jsonb(${text}::text))`,
  },
  column('two-factor seeds', accounts, [accounts.id], accounts.totpSecret),
];

/** An arbitrary constant naming "re-sealing stored secrets" among advisory locks: passes of app servers starting together, and a rotation, run one at a time. */
const SEALING_LOCK = 7_316_002;

/** Re-seals, under the current key, every value of every place that `needsWork` picks; answers the count per place. */
async function resealWhere(tx: Executor, needsWork: (value: SQL) => SQL): Promise<Record<string, number>> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEALING_LOCK})`);
  const counts: Record<string, number> = {};
  for (const place of SECRET_PLACES) {
    const { rows } = await tx.execute<{ ref: string[]; value: string }>(
      sql`SELECT jsonb_build_array(${sql.join(place.keys, sql`, `)}) AS ref, ${place.value} AS value
            FROM ${place.table} WHERE ${place.value} IS NOT NULL AND ${needsWork(place.value)} FOR UPDATE`,
    );
    for (const row of rows) {
      let plain: string;
      try {
        plain = unseal(row.value);
      } catch (err) {
        throw new SecretKeyError(`${place.what}: ${err instanceof Error ? err.message : String(err)}`);
      }
      await tx.execute(sql`UPDATE ${place.table} SET ${place.assign(seal(plain))} WHERE ${and(...place.keys.map((k, i) => eq(k, row.ref[i])))}`);
    }
    counts[place.what] = rows.length;
  }
  return counts;
}

/** Which keys stored secrets are sealed under (key id → count), and how many are still plain text. */
export async function storedSecretKeys(db: Executor): Promise<{ plain: number; byKey: Record<string, number> }> {
  const census = { plain: 0, byKey: {} as Record<string, number> };
  for (const place of SECRET_PLACES) {
    const { rows } = await db.execute<{ id: string | null; n: number }>(
      sql`SELECT CASE WHEN starts_with(${place.value}, ${SEALED_PREFIX}) THEN split_part(${place.value}, ':', 3) END AS id, count(*)::int AS n
            FROM ${place.table} WHERE ${place.value} IS NOT NULL GROUP BY 1`,
    );
    for (const { id, n } of rows) {
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
