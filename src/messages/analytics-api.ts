/** The analytics report API's refusals. */
export const analyticsApi = {
  from: 'The start of the range must be a date written YYYY-MM-DD.',
  to: 'The end of the range must be a date written YYYY-MM-DD.',
  order: 'The range must start on or before the day it ends.',
  tooLong: 'A report covers at most {maxDays} days: choose a shorter range.',
  before: 'before must be the cursor the previous page of errors gave.',
  noTable: 'There is no such report table: ask for one of {tables}.',
} as const;
