/**
 * Where the sites module stores secrets, for the passes over every stored secret
 * (src/server/secrets/stored.ts): the captcha's key (the built-in captcha's HMAC key or the
 * reCAPTCHA secret) and the translation provider's API key, in the site row's multilingual
 * settings at connection.apiKey.
 */
import { sql } from 'drizzle-orm';
import { secretColumn, secretPlace } from '../../secrets/places';
import { siteCaptcha } from './schema/captcha';
import { websites } from './schema/sites';

export const captchaKeys = secretColumn('captcha keys', siteCaptcha, [siteCaptcha.websiteId], siteCaptcha.secret);

export const translationApiKeys = secretPlace(
  'translation API keys',
  websites,
  [websites.id],
  sql`(${websites.multilingual} #>> '{connection,apiKey}')`,
  (text) => sql`multilingual = jsonb_set(multilingual, '{connection,apiKey}', to_jsonb(${text}::text))`,
);
