/** The analytics report's column names, in the dashboard and its CSV downloads alike. */
export const analyticsReport = {
  visitsStartedHere: 'Visits started here',
  submissionsPerView: 'Submissions per view',
  clicksPerView: 'Clicks per view',
} as const;
