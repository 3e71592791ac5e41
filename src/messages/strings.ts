/**
 * The seeds' string tables (seed 000 §5, restated and extended in seed 001 §5 and §8) for features
 * still to come: the message parser, the native bridge, files, tags, datasets, session recording.
 * `{expected}`/`{found}`: the seed writes "...".
 */
export const strings = {
  enterValidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  linkFormat: 'Links must be formatted as {host} or {host}',
  invalidPageUrl: '{val} is not a valid page URL',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  listRequired: 'A List must be selected',
  fileNameRequired: 'Please enter a file name',
  starRatingRequired: 'Please select a star rating',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  fileTypeUnsupported: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
  tagExists: 'This {tagType} already exists',
  tagEditOneAtATime: 'You may only edit one {tagType} at a time',
  rowsMissingData: 'One or more rows was missing data',

  parserExpected: 'Expected {expected} but {found} found.',
  parserNoOtherForm: 'No other form found',
  parserNoFormatter: 'Formatting function not found',
  parserCannotOffset: "Can't apply offset",
  parserNonNumerical: 'non-numerical value',

  bridgeHandlerMissing: '[JS -> Native Bridge] {name} not found',
  bridgePlatformUnknown: 'mobile platform not correctly identified',

  sessionRecordingEligibilityFailed: 'Error determining FullStory eligibility',
  sessionRecordingInjectFailed: 'Error injecting FullStory script',

  loadResultsFailed: 'Unable to load results',
  connectRetry: 'Unable to connect. Please try again',
  networkError: 'Network error',
  fileProcessingFailed: 'File processing failed',
  fileUploadIncomplete: 'File upload failed to complete',
  fileProcessingCancelled: 'File processing cancelled',
  openFormFailed: 'Unable to open form',
  updateFormFailed: 'Unable to update form',
  checkConnection: 'Please check your internet connection.',
  fileRenameFailed: 'There was a problem while renaming your file.',
  fileUploadFailed: 'There was a problem while uploading your file.',
  loadFontsFailed: 'Unable to load fonts',
  loadCollectionsFailed: 'Unable to load collections',
  jobNoResponse: 'No response data from job request',
} as const;
