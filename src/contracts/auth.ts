/**
 * The team member's own calls (/api/auth/…): who is signed in (Me), signing in with or without the
 * second step, password resets and invitations, the account's password, sessions and two-factor
 * sign-in. The server checks bodies with these schemas; the config area parses answers with them.
 */
import { z } from 'zod';
import { SITE_CREATION_RIGHTS } from '../domain/new-sites';
import { CONFIG_AREAS } from '../domain/permissions';
import { PASSWORD_MAX_LENGTH } from '../domain/passwords';
import { isoTime } from './common';
import { authentication } from '../messages/authentication';
import { passwords } from '../messages/passwords';

/** GET /api/auth/Me: the account, its role and areas on this site, and every site it is on the team of. */
export const meAnswer = z.object({
  account: z.object({ id: z.string(), email: z.string(), displayName: z.string().nullable() }),
  twoFactor: z.boolean(),
  /** How many recovery codes are left while two-factor sign-in is on. */
  recoveryCodesLeft: z.number().nullable(),
  site: z.object({ id: z.string(), identifier: z.string(), title: z.string() }),
  role: z.number().nullable(),
  roleName: z.string().nullable(),
  areas: z.array(z.enum(CONFIG_AREAS)),
  /** Every site the account is on the team of, with its config area's address. */
  sites: z.array(z.object({ identifier: z.string(), title: z.string(), role: z.number().nullable(), roleName: z.string().nullable(), configUrl: z.string() })),
  /** Whether the account may create a site here, and who may on this server (SITE_CREATION). */
  siteCreation: z.object({ allowed: z.boolean(), by: z.enum(SITE_CREATION_RIGHTS) }),
});
export type Me = z.infer<typeof meAnswer>;

export const loginBody = z.object({ email: z.string().trim().min(3).max(256), password: z.string().min(1).max(1000) }).strict();
/** Signed in, or the second step's ticket when the account has two-factor sign-in on. */
export const loginAnswer = z.object({ twoFactorRequired: z.literal(true).optional(), ticket: z.string().optional() });

const emailField = z.string().trim().email(authentication.enterEmail).max(256);
const token = z.string().min(10).max(200);

export const passwordResetBody = z.object({ email: emailField }).strict();
export const passwordResetCompleteBody = z.object({ token, password: z.string().max(1000) }).strict();
export const acceptInvitationBody = z.object({ token, password: z.string().max(1000).optional() }).strict();

/** A change of one's own password: the current one, and the new one (checked by the password rule). */
export const passwordChangeBody = z
  .object({
    currentPassword: z.string({ error: passwords.enterCurrent }).min(1, passwords.enterCurrent).max(1000),
    // Longer than the rule allows, so an over-long password gets the rule's own message.
    newPassword: z.string({ error: passwords.chooseNew }).max(PASSWORD_MAX_LENGTH * 8),
  })
  .strict();

/** POST /api/auth/TwoFactor/Begin: the new seed and the authenticator app's setup link. */
export const twoFactorSetupAnswer = z.object({ secret: z.string(), uri: z.string() });
/** Two-factor sign-in turned on, or a new set of recovery codes: shown once. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const sessionListing = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  signedInAt: isoTime,
  lastSeenAt: isoTime,
  current: z.boolean(),
});
export type SessionListing = z.infer<typeof sessionListing>;
export const sessionsAnswer = z.object({ sessions: z.array(sessionListing) });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupAnswer>;
/** Signed in (after the password, or the code step): the account and its role here. */
export const signedInAnswer = z.object({ account: z.object({ id: z.string(), email: z.string() }), role: z.number().nullable() });
export const twoFactorOffAnswer = z.object({ twoFactor: z.literal(false) });
export const endOthersAnswer = z.object({ ended: z.number() });
