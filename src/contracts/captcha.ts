/** The site's captcha as GET, PUT and DELETE /api/config/captcha answer it (the secret only ever as the fixed mask). */
import { z } from 'zod';

export const captchaAnswer = z.object({
  provider: z.enum(['altcha', 'recaptcha']).nullable(),
  siteKey: z.string().nullable(),
  secret: z.string().optional(),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswer>;
