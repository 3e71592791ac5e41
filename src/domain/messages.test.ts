import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dataRequestErrorKey, formatMessage, formSubmissionErrorText, message, MESSAGES } from './messages';

describe('catalogue texts', () => {
  // constants and helpers for 000-8.04, 000-8.05, 000-8.06, 000-8.07, 000-8.08 (the on-screen text is left to end-to-end tests)
  it('has the data request texts', () => {
    expect(MESSAGES.unauthorizedRequest).toBe('Unauthorized request');
    expect(MESSAGES.internalServerError).toBe('Internal server error. Please try again later.');
    expect(MESSAGES.serviceUnavailable).toBe('This service is temporarily unavailable. Please try again later.');
    expect(MESSAGES.unableToConnect).toBe('Unable to connect\u2026');
    expect(MESSAGES.unparseableJson).toBe('Internal Error: Unable to parse server response from ({url}) as JSON: {message}');
  });

  // constants and helpers for 000-8.09, 000-2.18, 000-2.19, 000-8.23, 000-9.52 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  // related to 000-8.32 (message text only; the code that raises it is not exercised here)
  it('has the checkout, logout, preview, typekit and link title texts', () => {
    expect(MESSAGES.checkoutNoCookies).toBe(
      'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
    );
    expect(MESSAGES.logoutSuccessTitle).toBe('Logout Successful');
    expect(MESSAGES.logoutSuccessMessage).toBe('You have been successfully logged out.');
    expect(MESSAGES.previewOnlyTitle).toBe('Preview Only');
    expect(MESSAGES.typekitFontUnavailable).toBe('Requested font no longer in Typekit');
    expect(MESSAGES.defaultLinkTitle).toBe('Order Now');
  });

  // covers 000-8.13, 000-8.14
  // constants and helpers for 000-4.06, 000-5.05, 000-5.07, 000-5.13, 000-8.10, 000-8.11, 000-8.12, 000-8.15, 000-8.16 (the on-screen text is left to end-to-end tests)
  it('has the form texts', () => {
    expect(MESSAGES.formSubmitting).toBe('Submitting\u2026');
    expect(MESSAGES.formCaptchaIncomplete).toBe('Complete CAPTCHA before submitting.');
    expect(MESSAGES.formCharacterLimit).toBe('You have exceeded the character limit.');
    expect(MESSAGES.formEmailInvalid).toBe('Email is not valid. Email addresses should follow the format {email}.');
    expect(MESSAGES.formSubmitError).toBe('Error processing form submission. Please reload and try again.');
    expect(MESSAGES.formUnknownError).toBe('Unknown error, please try again later.');
    expect(MESSAGES.formNoSubmissionKey).toBe('Could not get a form submission key, please try again later.');
    expect(MESSAGES.formUnparseableFields).toBe('Could not parse the form fields, please check your entries.');
    expect(MESSAGES.formInvalidFields).toBe('One or more fields is invalid, please check your entries.');
    expect(MESSAGES.formProblemAbove).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(MESSAGES.formProblemBelow).toBe('Your form has encountered a problem. Please scroll up to review.');
  });

  // constants and helpers for 000-9.13, 000-9.14, 000-9.15 (the on-screen text is left to end-to-end tests)
  it('has the cookie banner default texts', () => {
    expect(MESSAGES.cookieBannerAccept).toBe('Accept');
    expect(MESSAGES.cookieBannerDecline).toBe('Decline');
    expect(MESSAGES.cookieBannerText).toBe(
      'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',
    );
  });

  // covers 001-5.40
  // related to 000-5.57 (English texts only; no translations are asserted here)
  it('has the fifteen string-table messages', () => {
    expect([
      MESSAGES.enterValidEmail,
      MESSAGES.emailFormat,
      MESSAGES.linkFormat,
      MESSAGES.invalidPageUrl,
      MESSAGES.datasetNeedsColumn,
      MESSAGES.datasetNeedsRow,
      MESSAGES.listRequired,
      MESSAGES.fileNameRequired,
      MESSAGES.starRatingRequired,
      MESSAGES.checkoutMinimumSubtotal,
      MESSAGES.fileTooLarge,
      MESSAGES.fileTypeUnsupported,
      MESSAGES.tagExists,
      MESSAGES.tagEditOneAtATime,
      MESSAGES.rowsMissingData,
    ]).toEqual([
      'Please enter a valid email',
      'Emails must be formatted as {email}',
      'Links must be formatted as {host} or {host}',
      '{val} is not a valid page URL',
      'Your dataset must have at least one column',
      'Your dataset must have at least one row',
      'A List must be selected',
      'Please enter a file name',
      'Please select a star rating',
      'To check out, your order subtotal must be {subtotal} or more.',
      'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
      'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
      'This {tagType} already exists',
      'You may only edit one {tagType} at a time',
      'One or more rows was missing data',
    ]);
  });

  // constants and helpers for 001-8.04, 001-8.05, 001-8.06, 001-8.02, 001-8.03 (the on-screen text is left to end-to-end tests)
  it('keeps the system error panel texts with their double spaces', () => {
    expect(MESSAGES.systemErrorTitle).toBe('Something Went Wrong!');
    expect(MESSAGES.systemErrorText).toBe(
      'Our system has encountered an error.  This exception has been automatically logged and reported.  We will return shortly.',
    );
    expect(MESSAGES.systemErrorNetwork).toBe('Unable to connect to {provider}.  Please try again.');
    expect(MESSAGES.systemErrorReload).toBe('Reload Page');
    expect(MESSAGES.systemErrorClear).toBe('Clear');
  });

  // covers 001-8.12, 001-8.31
  // constants and helpers for 001-4.66, 001-4.67, 001-4.83, 001-5.11, 001-8.13, 001-8.14, 001-8.30 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  // related to 001-5.01, 001-5.02 (message text only; the code that raises it is not exercised here)
  it('has the video, popup and gallery texts', () => {
    expect(MESSAGES.videoInvalidEmbed).toBe('Invalid video embed.');
    expect(MESSAGES.videoCustomFeaturedImage).toBe(
      'Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.',
    );
    expect(MESSAGES.alertOkay).toBe('Okay');
    expect(formatMessage(MESSAGES.galleryContainerMissing, { selector: '#g' })).toBe("No gallery '#g' container found.");
    expect(formatMessage(MESSAGES.galleryDesignNotLoaded, { name: 'x', list: 'grid, strip' })).toBe(
      "Design 'x' not found. Currently loaded designs: [grid, strip].",
    );
    expect(MESSAGES.lightboxDefaultTitle).toBe('Gallery');
    expect(formatMessage(MESSAGES.galleryDesignUnknown, { name: 'x' })).toBe(
      'These are not the gallery designs you are looking for. (We could not find a design by the name x)',
    );
    expect(MESSAGES.videoLoaderMissing).toBe('VideoLoader not found');
    expect(MESSAGES.imageLoaderMissing).toBe('Loader2 not found');
    expect(MESSAGES.galleryDataDecodeError).toBe('Error decoding gallery block data.');
    expect(MESSAGES.galleryDataEvaluateError).toBe('Error evaluating gallery block data.');
  });

  // covers 001-8.16, 001-8.17, 001-8.18
  // constants and helpers for 001-8.19 (the browser behaviour is left to end-to-end tests)
  // related to 001-8.15 (message text only; no parser is exercised here)
  // related to 001-8.20 (message text only; the code that raises it is not exercised here)
  it('has the parser and bridge texts', () => {
    expect(formatMessage(MESSAGES.parserExpected, { expected: '"}"', found: 'end of input' })).toBe('Expected "}" but end of input found.');
    expect(MESSAGES.parserNoOtherForm).toBe('No other form found');
    expect(MESSAGES.parserNoFormatter).toBe('Formatting function not found');
    expect(MESSAGES.parserCannotOffset).toBe("Can't apply offset");
    expect(MESSAGES.parserNonNumerical).toBe('non-numerical value');
    expect(formatMessage(MESSAGES.bridgeHandlerMissing, { name: 'share' })).toBe('[JS -> Native Bridge] share not found');
    expect(MESSAGES.bridgePlatformUnknown).toBe('mobile platform not correctly identified');
  });

  // constants and helpers for 001-8.23, 001-8.24, 001-8.25, 001-8.26, 001-8.28, 001-8.29, 001-8.33, 001-8.35, 001-8.36 (the browser behaviour is left to end-to-end tests)
  // related to 001-8.27, 001-8.34 (message text only; the code that raises it is not exercised here)
  it('has the performance, analytics, captcha and recorder texts', () => {
    expect(MESSAGES.performanceNoPageLoadId).toBe('Unable to resolve pageLoadId');
    expect(MESSAGES.performanceSettingsTimeout).toBe('Metric settings request timeout');
    expect(MESSAGES.performanceUnexpectedStatus).toBe('XHR request DONE with unexpected status');
    expect(message('analyticsHttpStatus', { status: 500 })).toBe('Error tracking event: HTTP Status 500');
    expect(MESSAGES.analyticsNoPayload).toBe('no payload');
    expect(MESSAGES.analyticsIdNotStored).toBe('Unable to store analyticsId');
    expect(MESSAGES.storageUnavailable).toBe('Unable access local/session storage.');
    expect(MESSAGES.captchaNotSetUp).toBe('ReCaptcha has not been set up!');
    expect(MESSAGES.captchaRenderFailed).toBe('Error rendering captcha into node');
    expect(MESSAGES.sessionRecordingEligibilityFailed).toBe('Error determining FullStory eligibility');
    expect(MESSAGES.sessionRecordingInjectFailed).toBe('Error injecting FullStory script');
  });

  // covers 001-8.39
  it('has the seed 001 string-table texts', () => {
    expect([
      MESSAGES.loadResultsFailed,
      MESSAGES.somethingWentWrong,
      MESSAGES.connectRetry,
      MESSAGES.networkError,
      MESSAGES.fileProcessingFailed,
      MESSAGES.fileUploadIncomplete,
      MESSAGES.fileProcessingCancelled,
      MESSAGES.addItemFailed,
      MESSAGES.removeItemFailed,
      MESSAGES.updateQuantityFailed,
      MESSAGES.openFormFailed,
      MESSAGES.updateFormFailed,
      MESSAGES.checkConnection,
      MESSAGES.reviewAlreadySubmitted,
      MESSAGES.reviewRequestExpired,
      MESSAGES.reviewNoProducts,
      MESSAGES.reviewRetry,
      MESSAGES.fileRenameFailed,
      MESSAGES.fileUploadFailed,
      MESSAGES.loadFontsFailed,
      MESSAGES.loadCollectionsFailed,
      MESSAGES.jobNoResponse,
      MESSAGES.vimeoBasicUnsupported,
    ]).toEqual([
      'Unable to load results',
      'Something went wrong',
      'Unable to connect. Please try again',
      'Network error',
      'File processing failed',
      'File upload failed to complete',
      'File processing cancelled',
      'Unable to add item',
      'Unable to remove item',
      'Unable to update quantity',
      'Unable to open form',
      'Unable to update form',
      'Please check your internet connection.',
      'You have already reviewed this purchase',
      'Your review request has expired',
      'There are no products to review',
      'Try submitting your review again',
      'There was a problem while renaming your file.',
      'There was a problem while uploading your file.',
      'Unable to load fonts',
      'Unable to load collections',
      'No response data from job request',
      'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
    ]);
  });

  // constants and helpers for 001-9.24, 001-9.25, 000-9.40 (the on-screen text is left to end-to-end tests)
  it('has the relative time texts', () => {
    expect(MESSAGES.relativeTimeJustNow).toBe('just now');
    expect(message('relativeTimeSeconds', { N: 30 })).toBe('about 30 seconds ago');
    expect(MESSAGES.relativeTimeUnderMinute).toBe('less than a minute ago');
  });
});

describe('formatMessage', () => {
  // constants and helpers for 000-5.13, 000-8.08 (the on-screen text is left to end-to-end tests)
  it('fills every {placeholder}, repeated ones included', () => {
    expect(formatMessage(MESSAGES.formEmailInvalid, { email: 'name@example.com' })).toBe(
      'Email is not valid. Email addresses should follow the format name@example.com.',
    );
    expect(formatMessage(MESSAGES.unparseableJson, { url: '/api/x', message: 'Unexpected token' })).toBe(
      'Internal Error: Unable to parse server response from (/api/x) as JSON: Unexpected token',
    );
    expect(formatMessage(MESSAGES.linkFormat, { host: 'https://example.com' })).toBe(
      'Links must be formatted as https://example.com or https://example.com',
    );
  });

  // related to 000-5.57 (placeholder filling only; no translations are asserted here)
  it('leaves a placeholder without a value visible', () => {
    expect(formatMessage('{a} and {b}', { a: 1 } as { a: number; b: number })).toBe('1 and {b}');
  });

  // related to 000-5.57 (placeholder filling only; no translations are asserted here)
  it('leaves no placeholder behind when every value is given, and inserts values literally', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const text = formatMessage(MESSAGES.fileTooLarge, { fileName: value, maxSize: value });
        expect(text).toBe(`The file ${value} is too large. The maximum allowed file size is ${value}.`);
      }),
    );
  });
});

describe('status texts', () => {
  // constants and helpers for 000-8.04, 000-8.05, 000-8.06, 000-8.07 (the on-screen text is left to end-to-end tests)
  it('picks the data request text by status', () => {
    expect(dataRequestErrorKey(401)).toBe('unauthorizedRequest');
    expect(dataRequestErrorKey(403)).toBe('unauthorizedRequest');
    expect(dataRequestErrorKey(500)).toBe('internalServerError');
    expect(dataRequestErrorKey(501)).toBe('internalServerError');
    expect(dataRequestErrorKey(503)).toBe('serviceUnavailable');
    expect(dataRequestErrorKey(0)).toBe('unableToConnect');
    expect(dataRequestErrorKey(502)).toBe('unableToConnect');
  });

  // constants and helpers for 000-8.18, 000-8.19, 000-8.20, 000-8.21, 000-8.22, 000-8.11 (the on-screen text is left to end-to-end tests)
  it('picks the form submission text by status, else data.error, else the unknown error', () => {
    expect(formSubmissionErrorText(401)).toBe('Unable to submit form. Please try again later.');
    expect(formSubmissionErrorText(404)).toBe('This form has not been configured yet.');
    expect(formSubmissionErrorText(429)).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    expect(formSubmissionErrorText(500)).toBe('Unable to send form. Please try again later.');
    expect(formSubmissionErrorText(409, 'Boom')).toBe('Boom');
    expect(formSubmissionErrorText(418)).toBe('Unknown error, please try again later.');
    expect(formSubmissionErrorText(418, '')).toBe('Unknown error, please try again later.');
    expect(formSubmissionErrorText(401, 'ignored')).toBe('Unable to submit form. Please try again later.');
  });
});
