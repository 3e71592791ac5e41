/** The team of a site: members, roles, invitations, background jobs and the site document, as the config API answers. */
export const team = {
  notMember: 'Not a member of this site.',
  lastAdminRole: 'The last administrator cannot be given another role. Make someone else an administrator first.',
  lastAdminRemoved: 'The last administrator cannot be removed. Make someone else an administrator first.',
  handOverToSelf: 'Choose another member of the team to hand the site to.',
  handOverAdminOnly: 'Only an administrator can hand the site over.',
  invitationInvalid: 'This invitation is no longer valid. Ask the site owner for a new one.',
  invitationSignInFirst: 'An account with this email exists: sign in first, then open the invitation again.',
  notJob: 'Not a job of this site.',
  noFailedJob: 'No failed job with this number on this site.',
  invalidDocument: 'This is not a valid site document; nothing was imported.',
} as const;
