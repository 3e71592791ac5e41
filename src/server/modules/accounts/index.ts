/** The accounts module's face: what other modules and the platform may use. */
export { createAccount, createFirstOwner, findAccountByEmail, setPassword, setRole } from './accounts';
export { configRoute, signedInAccount, siteAndAccount, zodMessage, type ConfigContext } from './config-route';
export { invite, pendingInvitations } from './invitations';
export {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
  configurePasswordHashing,
  generatePassword,
  hashPassword,
} from './passwords/passwords';
export { SESSION_COOKIE, accountForSession, endSessionsOf, pruneSessions } from './sessions';
export { MEMBER_COOKIE, createVerifiedSiteUser, memberForSession, type MemberSession, type SiteUser } from './site-users';
export { customerAccountsView } from './customer-accounts';
export { TeamRuleError, changeRole, listTeam, recentTeamActivity, removeMember, roleOn, sitesOfAccount, transferOwnership } from './team';
export { clearTwoFactor, twoFactorSeeds } from './two-factor/two-factor';
export { SignInRefusal, completeSignIn, signIn, type SignInDeps, type SignedIn } from './operations/sign-in';
export { ACCOUNT_NAMES, nameOf } from './names';
