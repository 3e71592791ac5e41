/**
 * Webhook signing secrets and signatures, as Standard Webhooks (standardwebhooks.com) has them: one
 * secret per form, `whsec_` + base64 of 32 random bytes, stored sealed in `webhook_secrets`; each
 * delivery is signed with HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}" keyed with
 * the secret's bytes (docs/webhooks.md).
 *
 * A secret is shown to the owner once: in the answer of the save that gives a form its first
 * webhook address, and in the answer of "Make a new secret". A form that got its address another
 * way (an imported site) gets a secret at its first delivery, so every delivery is signed; its
 * owner sees it by making a new one.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { webhookSecrets } from './schema/forms';
import { secretColumn } from '../../secrets/places';
import { seal, unseal } from '../../secrets/sealed';
import { logActivity } from '../sites';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** Where the secrets are stored, for the passes over every stored secret (src/server/secrets/stored.ts). */
export const webhookSigningSecrets = secretColumn(
  'webhook signing secrets',
  webhookSecrets,
  [webhookSecrets.websiteId, webhookSecrets.formId],
  webhookSecrets.secret,
);

const ofForm = (websiteId: string, formId: string) => and(eq(webhookSecrets.websiteId, websiteId), eq(webhookSecrets.formId, formId));

/** Makes the form's secret unless it has one; answers the new secret (to show once), or undefined when one existed. */
export async function ensureWebhookSecret(tx: Executor, websiteId: string, formId: string): Promise<string | undefined> {
  const secret = newSecret();
  const made = await tx
    .insert(webhookSecrets)
    .values({ websiteId, formId, secret: seal(secret) })
    .onConflictDoNothing()
    .returning({ formId: webhookSecrets.formId });
  return made.length === 1 ? secret : undefined;
}

/** Replaces the form's secret (deliveries from now on are signed with the new one); answers it, to show once. */
export async function renewWebhookSecret(db: Db, websiteId: string, formId: string, actorId: string): Promise<{ secret: string; createdAt: string }> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookSecrets)
      .values({ websiteId, formId, secret: seal(secret) })
      .onConflictDoUpdate({ target: [webhookSecrets.websiteId, webhookSecrets.formId], set: { secret: seal(secret), createdAt: new Date() } })
      .returning({ createdAt: webhookSecrets.createdAt });
    await logActivity(tx, websiteId, actorId, 'forms.webhook_secret_made', { formId });
    return { secret, createdAt: row!.createdAt.toISOString() };
  });
}

/** When the form's secret was made, or null when it has none: all the config area learns of it after it was shown. */
export async function webhookSecretMadeAt(db: Executor, websiteId: string, formId: string): Promise<string | null> {
  const [row] = await db.select({ createdAt: webhookSecrets.createdAt }).from(webhookSecrets).where(ofForm(websiteId, formId));
  return row ? row.createdAt.toISOString() : null;
}

/** The secret a delivery of the form's webhook is signed with, made now if the form has none. */
export async function webhookSigningSecret(db: Db, websiteId: string, formId: string): Promise<string> {
  await ensureWebhookSecret(db, websiteId, formId);
  const [row] = await db.select({ secret: webhookSecrets.secret }).from(webhookSecrets).where(ofForm(websiteId, formId));
  return unseal(row!.secret);
}

/** The `webhook-signature` header's value for one try: `v1,` and the base64 HMAC-SHA256 of "{id}.{timestamp}.{body}". */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
