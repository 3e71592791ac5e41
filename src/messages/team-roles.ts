/** Each team role by the name owners read (the codes, such as STORE_MANAGER, are the API's and the seeds'). */
export const teamRoles = {
  ADMIN: 'Administrator',
  BILLING: 'Billing',
  REPORTING: 'Reporting',
  EDITOR: 'Website editor',
  MODERATOR: 'Comment moderator',
  COMMENTER: 'Commenter',
  STORE_MANAGER: 'Store manager',
  SCHEDULING: 'Scheduling',
  VIEWER: 'Viewer',
  CAMPAIGNS_EDITOR: 'Campaigns editor',
  SCHEDULING_VIEWER: 'Scheduling viewer',
  SCHEDULING_EDITOR: 'Scheduling editor',
  NONE: 'No access',
  WEBSITE_MANAGER: 'Website manager',
} as const;
