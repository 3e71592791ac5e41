/** The config area's own headings and labels that more than one screen shows. */
export const configArea = {
  importExportTitle: 'Import and export',
  loading: 'Loading…',
  loadingEditor: 'Loading the editor…',
  loadingAnalytics: 'Loading analytics…',
  notYourScreen: 'Your role on this site does not include this screen. Here is the site instead.',
} as const;
