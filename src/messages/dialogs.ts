/** Popups and the system error panel (seed 001 §4, §8). The panel's texts keep the seed's two spaces. */
export const dialogs = {
  alertOkay: 'Okay',
  systemErrorTitle: 'Something Went Wrong!',
  systemErrorText: 'Our system has encountered an error.  This exception has been automatically logged and reported.  We will return shortly.',
  systemErrorNetwork: 'Unable to connect to {provider}.  Please try again.',
  systemErrorReload: 'Reload Page',
  systemErrorClear: 'Clear',
  somethingWentWrong: 'Something went wrong',
} as const;
