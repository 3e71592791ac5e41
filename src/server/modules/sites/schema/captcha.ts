/** A site's captcha and the solutions already spent. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './sites';

/** A site's captcha (seed 001 §5): the self-hosted proof-of-work kind with its HMAC key, or a reCAPTCHA key pair the owner entered. */
export const siteCaptcha = pgTable('site_captcha', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** 'altcha' or 'recaptcha'. */
  provider: text('provider').notNull(),
  /** Public: rendered into pages (for altcha, an id naming the key). */
  siteKey: text('site_key').notNull(),
  /** Sealed (src/server/secrets), never answered back: the altcha HMAC key or the reCAPTCHA secret. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Solved captcha challenges already used, so a solution cannot be replayed; rows go when the challenge expires. */
export const captchaSpent = pgTable('captcha_spent', {
  challengeHash: text('challenge_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
