/**
 * New sites: who may create them, and which identifiers a new or renamed site may not take. An identifier becomes the host name
 * {identifier}.{APP_DOMAIN}: names people read as the platform's own (www, api, admin, mail …), the
 * labels of the operator's APP_DOMAIN, and punycode labels (`xn--…`, which browsers show as other
 * letters and so can pass for another site's name) are kept back. Punycode is allowed when the
 * operator says so; sites that already have such a name keep it.
 */

/** Who may create sites (SITE_CREATION): accounts that are ADMIN of some site, any account, or only the operator's command line. */
export const SITE_CREATION_RIGHTS = ['admins', 'anyone', 'operator'] as const;
export type SiteCreationRight = (typeof SITE_CREATION_RIGHTS)[number];

/** Names a site may not take, whatever the server's domain. */
export const RESERVED_IDENTIFIERS: readonly string[] = [
  'www',
  'api',
  'admin',
  'administrator',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'mx',
  'config',
  'assets',
  'static',
  'cdn',
  'localhost',
  'login',
  'account',
  'accounts',
  'auth',
  'status',
  'help',
  'support',
  'security',
  'root',
  'webmaster',
  'postmaster',
  'hostmaster',
  'autoconfig',
  'autodiscover',
];

export type IdentifierRules = {
  /** APP_DOMAIN: each of its labels is reserved too (sites.example.com keeps sites and example back). */
  appDomain: string;
  /** Whether an identifier may be a punycode label (`xn--…`). */
  allowPunycode: boolean;
};

/** Why a site may not take `identifier` ('reserved' or 'punycode'), or undefined when it may. */
export function identifierRefusal(identifier: string, rules: IdentifierRules): 'reserved' | 'punycode' | undefined {
  const name = identifier.trim().toLowerCase();
  if (RESERVED_IDENTIFIERS.includes(name) || rules.appDomain.split('.').includes(name)) return 'reserved';
  if (name.startsWith('xn--') && !rules.allowPunycode) return 'punycode';
  return undefined;
}
