/** What the end-to-end global setup hands its files (e2e/global-setup.ts), read with `inject('e2e')`. */

export type SharedE2e = {
  /** One app server per worker, on 127.0.0.1. */
  servers: { port: number }[];
  /** The database every shared server uses. */
  databaseUrl: string;
  /** GET {mailUrl}?to={address}: what the sites sent to an address. */
  mailUrl: string;
  /** The SMTP port of the mail server that keeps it (127.0.0.1, no sign-in). */
  mailPort: number;
  /** The first owner the first server printed: an ADMIN of the default site (the demo). */
  firstOwner: { email: string; password: string };
  /** What the first server printed as it started. */
  banner: string;
};

/** Host names the shared browsers send to this machine: a site's custom domains in the tests (`shop.example.test`). */
export const SHARED_HOST_RULES = 'MAP *.test 127.0.0.1';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: SharedE2e;
  }
}
