/**
 * The config area's calls on the site itself (/api/config/site, pages, team, invitations, jobs,
 * activity, import, and /api/site-header-footer): request bodies the server checks, and the
 * answers the config area reads.
 */
import { z } from 'zod';
import { footerSchema, headerSchema, settingsSchema } from '../document/settings';
import { isTeamRole, TEAM_ROLES } from '../domain/roles';
import { BADGE_TYPES, INFO_BAR_STYLES } from '../domain/website';
import { isoTime } from './common';
import { authentication } from '../messages/authentication';

const settingsShape = settingsSchema.shape;
const contactShape = settingsShape.contact.unwrap().shape;
/** An empty contact field means none. */
const blankIsNone = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);

/** A number of days to keep data, 1 to 3650; null removes the setting (`unset` says what that means). */
function retentionDays(unset: string) {
  const message = `must be a whole number of days from 1 to 3650, ${unset}`;
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(3650, message)
    .nullable()
    .transform((days) => days ?? undefined);
}

/** GET /api/config/site: the site's settings, by the site document's schema (defaults for settings stored before they existed). */
export const siteSettingsAnswer = settingsSchema;
export type SiteSettings = z.infer<typeof siteSettingsAnswer>;

/**
 * What PUT /api/config/site accepts: any of the editable settings, by the site document's rules
 * (friendlier messages where its own are terse), without its defaults: a setting left out stays as
 * it is. The service checks the merged settings against the document schema again.
 */
export const editableSettingsBody = z
  .object({
    identifier: z.string().trim().min(2, 'must be 2 to 63 characters long').max(63, 'must be 2 to 63 characters long').pipe(settingsShape.identifier),
    title: z.string().trim().min(1, 'must not be empty').pipe(settingsShape.title),
    tagline: settingsShape.tagline,
    description: settingsShape.description,
    footerText: settingsShape.footerText,
    locale: settingsShape.locale.unwrap(),
    timeZone: settingsShape.timeZone.unwrap(),
    escapeKeyLogin: settingsShape.escapeKeyLogin.unwrap(),
    badgeType: z.literal(Object.values(BADGE_TYPES), { error: 'must be 1 (no badge), 2 (black badge) or 3 (white badge)' }),
    infoBarStyle: z.literal(Object.values(INFO_BAR_STYLES), { error: 'must be 1 (no bar), 2 (light bar) or 3 (dark bar)' }),
    contact: z
      .object({
        email: z.preprocess(blankIsNone, z.email('must be an email address such as name@example.com').max(256).optional()),
        phone: z.preprocess(blankIsNone, contactShape.phone),
        address: z.preprocess(blankIsNone, contactShape.address),
      })
      .strict(),
    developerMode: settingsShape.developerMode.unwrap(),
    cloneable: settingsShape.cloneable.unwrap(),
    // null removes the setting: submissions are then kept until deleted by hand.
    formRetentionDays: retentionDays('or empty to keep submissions'),
    // null removes the setting: measurement data is then kept 400 days (services/measurement.ts).
    analyticsRetentionDays: retentionDays('or empty for 400 days'),
  })
  .partial()
  .strict();

/** Saved; with a new identifier, the site's new address and where to sign in again. */
export const savedSettingsAnswer = z.object({
  ok: z.literal(true),
  address: z.string().optional(),
  configAddress: z.string().optional(),
  signInAgain: z.boolean().optional(),
});
export type SavedSettings = z.infer<typeof savedSettingsAnswer>;

/** GET and PUT /api/site-header-footer (seed 001 §7). */
export const headerFooterBody = z.object({ header: headerSchema, footer: footerSchema }).strict();
export const headerFooterAnswer = z.object({ header: headerSchema, footer: footerSchema });
export type HeaderFooter = z.infer<typeof headerFooterAnswer>;

export const pagesAnswer = z.object({
  pages: z.array(z.object({ id: z.string(), title: z.string(), path: z.string().nullable(), pageType: z.number(), status: z.number() })),
});
export type PageRow = z.infer<typeof pagesAnswer>['pages'][number];

const teamRole = z.number().int().refine(isTeamRole, 'not a team role');

export const teamAnswer = z.object({ members: z.array(z.object({ accountId: z.string(), email: z.string(), role: z.number() })) });
export type Member = z.infer<typeof teamAnswer>['members'][number];
export const roleChangeBody = z.object({ role: teamRole }).strict();
export const transferOwnershipBody = z.object({ yourNewRole: teamRole.default(TEAM_ROLES.WEBSITE_MANAGER) }).strict();

export const invitationsAnswer = z.object({ invitations: z.array(z.object({ email: z.string(), role: z.number(), expiresAt: isoTime })) });
export const invitationBody = z.object({ email: z.string().trim().email(authentication.enterEmail).max(256), role: teamRole }).strict();

export const activityAnswer = z.object({
  entries: z.array(z.object({ id: z.number(), action: z.string(), email: z.string().nullable(), createdAt: isoTime })),
});

export const jobsAnswer = z.object({
  counts: z.record(z.string(), z.number()),
  jobs: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      status: z.string(),
      attempts: z.number(),
      maxAttempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: isoTime,
    }),
  ),
});
export type Job = z.infer<typeof jobsAnswer>['jobs'][number];
