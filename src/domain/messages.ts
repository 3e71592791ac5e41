/**
 * The message catalogue: every text the two seeds quote, keyed by a stable name and kept word for
 * word (the single '…' character, seed 001's two spaces after full stops, `{name}` placeholders).
 * Server, visitor runtime and config area all read texts from here, so a wording lives in one
 * place; translation layers key on the names, not on the English.
 */
import { MEASUREMENT_MESSAGES } from './measurement-messages';

export const MESSAGES = {
  // Data requests (seed 000 §8).
  unauthorizedRequest: 'Unauthorized request',
  internalServerError: 'Internal server error. Please try again later.',
  serviceUnavailable: 'This service is temporarily unavailable. Please try again later.',
  unableToConnect: 'Unable to connect…',
  unparseableJson: 'Internal Error: Unable to parse server response from ({url}) as JSON: {message}',

  // Checkout (seed 000 §8).
  checkoutNoCookies: 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',

  // Forms (seed 000 §4, §5, §8).
  formSubmitting: 'Submitting…',
  formSubmitError: 'Error processing form submission. Please reload and try again.',
  formUnknownError: 'Unknown error, please try again later.',
  formNoSubmissionKey: 'Could not get a form submission key, please try again later.',
  formUnparseableFields: 'Could not parse the form fields, please check your entries.',
  formInvalidFields: 'One or more fields is invalid, please check your entries.',
  formProblemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  formProblemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  formUnauthorized: 'Unable to submit form. Please try again later.',
  formNotConfigured: 'This form has not been configured yet.',
  formRateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  formSendFailed: 'Unable to send form. Please try again later.',
  formCaptchaIncomplete: 'Complete CAPTCHA before submitting.',
  formCharacterLimit: 'You have exceeded the character limit.',
  formCharacterCount: '{length} / {max}',
  formEmailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',

  // Owners and logout (seed 000 §2, §8).
  logoutSuccessTitle: 'Logout Successful',
  logoutSuccessMessage: 'You have been successfully logged out.',
  previewOnlyTitle: 'Preview Only',
  typekitFontUnavailable: 'Requested font no longer in Typekit',

  // Cookie banner defaults (seed 000 §9).
  cookieBannerAccept: 'Accept',
  cookieBannerDecline: 'Decline',
  cookieBannerText:
    'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',

  // Blocks (seed 000 §9).
  defaultLinkTitle: 'Order Now',

  // String table (seed 000 §5, restated and extended in seed 001 §5).
  enterValidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  linkFormat: 'Links must be formatted as {host} or {host}',
  invalidPageUrl: '{val} is not a valid page URL',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  listRequired: 'A List must be selected',
  fileNameRequired: 'Please enter a file name',
  starRatingRequired: 'Please select a star rating',
  checkoutMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  fileTypeUnsupported: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
  tagExists: 'This {tagType} already exists',
  tagEditOneAtATime: 'You may only edit one {tagType} at a time',
  rowsMissingData: 'One or more rows was missing data',

  // Video (seed 001 §4).
  videoInvalidEmbed: 'Invalid video embed.',
  videoCustomFeaturedImage:
    'Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.',

  // Galleries (seed 001 §5, §8). `[{list}]`: the seed writes "[list]" for the list of designs.
  galleryContainerMissing: "No gallery '{selector}' container found.",
  galleryDesignNotLoaded: "Design '{name}' not found. Currently loaded designs: [{list}].",
  galleryDesignUnknown:
    'These are not the gallery designs you are looking for. (We could not find a design by the name {name})',
  galleryDataDecodeError: 'Error decoding gallery block data.',
  galleryDataEvaluateError: 'Error evaluating gallery block data.',
  lightboxDefaultTitle: 'Gallery',
  videoLoaderMissing: 'VideoLoader not found',
  imageLoaderMissing: 'Loader2 not found',

  // Popups and the system error panel (seed 001 §4, §8).
  alertOkay: 'Okay',
  systemErrorTitle: 'Something Went Wrong!',
  systemErrorText:
    'Our system has encountered an error.  This exception has been automatically logged and reported.  We will return shortly.',
  systemErrorNetwork: 'Unable to connect to {provider}.  Please try again.',
  systemErrorReload: 'Reload Page',
  systemErrorClear: 'Clear',

  // Relative time (seed 001 §9; seed 000 §9 words the under-a-minute case differently).
  relativeTimeJustNow: 'just now',
  relativeTimeSeconds: 'about {N} seconds ago',
  relativeTimeUnderMinute: 'less than a minute ago',

  // Message parser (seed 001 §8). `{expected}`/`{found}`: the seed writes "...".
  parserExpected: 'Expected {expected} but {found} found.',
  parserNoOtherForm: 'No other form found',
  parserNoFormatter: 'Formatting function not found',
  parserCannotOffset: "Can't apply offset",
  parserNonNumerical: 'non-numerical value',

  // Native bridge (seed 001 §8).
  bridgeHandlerMissing: '[JS -> Native Bridge] {name} not found',
  bridgePlatformUnknown: 'mobile platform not correctly identified',

  // Performance and analytics (seed 001 §8), kept in measurement-messages.ts.
  ...MEASUREMENT_MESSAGES,

  // Captcha and session recording (seed 001 §8).
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  captchaRenderFailed: 'Error rendering captcha into node',
  sessionRecordingEligibilityFailed: 'Error determining FullStory eligibility',
  sessionRecordingInjectFailed: 'Error injecting FullStory script',

  // String table (seed 001 §8).
  loadResultsFailed: 'Unable to load results',
  somethingWentWrong: 'Something went wrong',
  connectRetry: 'Unable to connect. Please try again',
  networkError: 'Network error',
  fileProcessingFailed: 'File processing failed',
  fileUploadIncomplete: 'File upload failed to complete',
  fileProcessingCancelled: 'File processing cancelled',
  addItemFailed: 'Unable to add item',
  removeItemFailed: 'Unable to remove item',
  updateQuantityFailed: 'Unable to update quantity',
  openFormFailed: 'Unable to open form',
  updateFormFailed: 'Unable to update form',
  checkConnection: 'Please check your internet connection.',
  reviewAlreadySubmitted: 'You have already reviewed this purchase',
  reviewRequestExpired: 'Your review request has expired',
  reviewNoProducts: 'There are no products to review',
  reviewRetry: 'Try submitting your review again',
  fileRenameFailed: 'There was a problem while renaming your file.',
  fileUploadFailed: 'There was a problem while uploading your file.',
  loadFontsFailed: 'Unable to load fonts',
  loadCollectionsFailed: 'Unable to load collections',
  jobNoResponse: 'No response data from job request',
  vimeoBasicUnsupported: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The `{name}` placeholders of a template, as a union of names (never for a template without any). */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type MessageValues<T extends string> = Record<Placeholders<T>, string | number>;

/**
 * Substitutes `{name}` with `values.name`. A placeholder without a value is left as written, so a
 * missing value shows up on screen instead of vanishing.
 */
export function formatMessage<T extends string>(template: T, values: MessageValues<T>): string {
  const lookup = values as Record<string, string | number | undefined>;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = lookup[name];
    return value === undefined ? whole : String(value);
  });
}

/** The catalogue text for `key` with its placeholders filled. */
export function message<K extends MessageKey>(
  key: K,
  ...values: [Placeholders<(typeof MESSAGES)[K]>] extends [never] ? [] : [MessageValues<(typeof MESSAGES)[K]>]
): string {
  const [given] = values;
  return given === undefined ? MESSAGES[key] : formatMessage(MESSAGES[key], given);
}

/** Seed 000 §8: the text a failed data request shows, by HTTP status. */
export function dataRequestErrorKey(status: number): MessageKey {
  if (status === 401 || status === 403) return 'unauthorizedRequest';
  if (status === 500 || status === 501) return 'internalServerError';
  if (status === 503) return 'serviceUnavailable';
  return 'unableToConnect';
}

/**
 * Seed 000 §8: the text a failed form submission shows. Statuses the seed names get their fixed
 * text; any other status shows the response's `data.error`, and without one the unknown-error text.
 * A 400 carrying a field errors map is handled per field by the caller before this is asked.
 */
export function formSubmissionErrorText(status: number, dataError?: unknown): string {
  switch (status) {
    case 401:
      return MESSAGES.formUnauthorized;
    case 404:
      return MESSAGES.formNotConfigured;
    case 429:
      return MESSAGES.formRateLimited;
    case 500:
      return MESSAGES.formSendFailed;
    default:
      return typeof dataError === 'string' && dataError.trim() !== '' ? dataError : MESSAGES.formUnknownError;
  }
}
