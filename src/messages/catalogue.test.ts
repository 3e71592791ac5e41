import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authentication } from './authentication';
import { blocks } from './blocks';
import { captcha } from './captcha';
import { commerce } from './commerce';
import { cookieBanner } from './cookie-banner';
import { dataRequest } from './data-request';
import { dialogs } from './dialogs';
import { forms } from './forms';
import { gallery } from './gallery';
import { measurement } from './measurement';
import { strings } from './strings';
import { relativeTime } from './relative-time';
import { format } from './format';

describe('catalogue texts', () => {
  // constants and helpers for 000-8.04, 000-8.05, 000-8.06, 000-8.07, 000-8.08 (the on-screen text is left to end-to-end tests)
  it('has the data request texts', () => {
    expect(dataRequest.unauthorized).toBe('Unauthorized request');
    expect(dataRequest.internalServerError).toBe('Internal server error. Please try again later.');
    expect(dataRequest.serviceUnavailable).toBe('This service is temporarily unavailable. Please try again later.');
    expect(dataRequest.unableToConnect).toBe('Unable to connect\u2026');
    expect(dataRequest.unparseableJson).toBe('Internal Error: Unable to parse server response from ({url}) as JSON: {message}');
  });

  // constants and helpers for 000-8.09, 000-2.18, 000-2.19, 000-8.23, 000-9.52 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  // related to 000-8.32 (message text only; the code that raises it is not exercised here)
  it('has the checkout, logout, preview, typekit and link title texts', () => {
    expect(commerce.checkoutNoCookies).toBe('Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.');
    expect(authentication.logoutSuccessTitle).toBe('Logout Successful');
    expect(authentication.logoutSuccessMessage).toBe('You have been successfully logged out.');
    expect(authentication.previewOnlyTitle).toBe('Preview Only');
    expect(blocks.typekitFontUnavailable).toBe('Requested font no longer in Typekit');
    expect(blocks.defaultLinkTitle).toBe('Order Now');
  });

  // covers 000-8.13, 000-8.14
  // constants and helpers for 000-4.06, 000-5.05, 000-5.07, 000-5.13, 000-8.10, 000-8.11, 000-8.12, 000-8.15, 000-8.16 (the on-screen text is left to end-to-end tests)
  it('has the form texts', () => {
    expect(forms.submitting).toBe('Submitting\u2026');
    expect(forms.captchaIncomplete).toBe('Complete CAPTCHA before submitting.');
    expect(forms.characterLimit).toBe('You have exceeded the character limit.');
    expect(forms.emailInvalid).toBe('Email is not valid. Email addresses should follow the format {email}.');
    expect(forms.submitError).toBe('Error processing form submission. Please reload and try again.');
    expect(forms.unknownError).toBe('Unknown error, please try again later.');
    expect(forms.noSubmissionKey).toBe('Could not get a form submission key, please try again later.');
    expect(forms.unparseableFields).toBe('Could not parse the form fields, please check your entries.');
    expect(forms.invalidFields).toBe('One or more fields is invalid, please check your entries.');
    expect(forms.problemAbove).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(forms.problemBelow).toBe('Your form has encountered a problem. Please scroll up to review.');
  });

  // constants and helpers for 000-9.13, 000-9.14, 000-9.15 (the on-screen text is left to end-to-end tests)
  it('has the cookie banner default texts', () => {
    expect(cookieBanner.accept).toBe('Accept');
    expect(cookieBanner.decline).toBe('Decline');
    expect(cookieBanner.text).toBe(
      'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',
    );
  });

  // covers 001-5.40
  // related to 000-5.57 (English texts only; no translations are asserted here)
  it('has the fifteen string-table messages', () => {
    expect([
      strings.enterValidEmail,
      strings.emailFormat,
      strings.linkFormat,
      strings.invalidPageUrl,
      strings.datasetNeedsColumn,
      strings.datasetNeedsRow,
      strings.listRequired,
      strings.fileNameRequired,
      strings.starRatingRequired,
      commerce.checkoutMinimumSubtotal,
      strings.fileTooLarge,
      strings.fileTypeUnsupported,
      strings.tagExists,
      strings.tagEditOneAtATime,
      strings.rowsMissingData,
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
    expect(dialogs.systemErrorTitle).toBe('Something Went Wrong!');
    expect(dialogs.systemErrorText).toBe(
      'Our system has encountered an error.  This exception has been automatically logged and reported.  We will return shortly.',
    );
    expect(dialogs.systemErrorNetwork).toBe('Unable to connect to {provider}.  Please try again.');
    expect(dialogs.systemErrorReload).toBe('Reload Page');
    expect(dialogs.systemErrorClear).toBe('Clear');
  });

  // covers 001-8.12, 001-8.31
  // constants and helpers for 001-4.66, 001-4.67, 001-4.83, 001-5.11, 001-8.13, 001-8.14, 001-8.30 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  // related to 001-5.01, 001-5.02 (message text only; the code that raises it is not exercised here)
  it('has the video, popup and gallery texts', () => {
    expect(blocks.videoInvalidEmbed).toBe('Invalid video embed.');
    expect(blocks.videoCustomFeaturedImage).toBe(
      'Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.',
    );
    expect(dialogs.alertOkay).toBe('Okay');
    expect(format(gallery.containerMissing, { selector: '#g' })).toBe("No gallery '#g' container found.");
    expect(format(gallery.designNotLoaded, { name: 'x', list: 'grid, strip' })).toBe("Design 'x' not found. Currently loaded designs: [grid, strip].");
    expect(gallery.lightboxDefaultTitle).toBe('Gallery');
    expect(format(gallery.designUnknown, { name: 'x' })).toBe(
      'These are not the gallery designs you are looking for. (We could not find a design by the name x)',
    );
    expect(gallery.videoLoaderMissing).toBe('VideoLoader not found');
    expect(gallery.imageLoaderMissing).toBe('Loader2 not found');
    expect(gallery.dataDecodeError).toBe('Error decoding gallery block data.');
    expect(gallery.dataEvaluateError).toBe('Error evaluating gallery block data.');
  });

  // covers 001-8.16, 001-8.17, 001-8.18
  // constants and helpers for 001-8.19 (the browser behaviour is left to end-to-end tests)
  // related to 001-8.15 (message text only; no parser is exercised here)
  // related to 001-8.20 (message text only; the code that raises it is not exercised here)
  it('has the parser and bridge texts', () => {
    expect(format(strings.parserExpected, { expected: '"}"', found: 'end of input' })).toBe('Expected "}" but end of input found.');
    expect(strings.parserNoOtherForm).toBe('No other form found');
    expect(strings.parserNoFormatter).toBe('Formatting function not found');
    expect(strings.parserCannotOffset).toBe("Can't apply offset");
    expect(strings.parserNonNumerical).toBe('non-numerical value');
    expect(format(strings.bridgeHandlerMissing, { name: 'share' })).toBe('[JS -> Native Bridge] share not found');
    expect(strings.bridgePlatformUnknown).toBe('mobile platform not correctly identified');
  });

  // constants and helpers for 001-8.23, 001-8.24, 001-8.25, 001-8.26, 001-8.28, 001-8.29, 001-8.33, 001-8.35, 001-8.36 (the browser behaviour is left to end-to-end tests)
  // related to 001-8.27, 001-8.34 (message text only; the code that raises it is not exercised here)
  it('has the performance, analytics, captcha and recorder texts', () => {
    expect(measurement.performanceNoPageLoadId).toBe('Unable to resolve pageLoadId');
    expect(measurement.performanceSettingsTimeout).toBe('Metric settings request timeout');
    expect(measurement.performanceUnexpectedStatus).toBe('XHR request DONE with unexpected status');
    expect(format(measurement.analyticsHttpStatus, { status: 500 })).toBe('Error tracking event: HTTP Status 500');
    expect(measurement.analyticsNoPayload).toBe('no payload');
    expect(measurement.analyticsIdNotStored).toBe('Unable to store analyticsId');
    expect(measurement.storageUnavailable).toBe('Unable access local/session storage.');
    expect(captcha.notSetUp).toBe('ReCaptcha has not been set up!');
    expect(captcha.renderFailed).toBe('Error rendering captcha into node');
    expect(strings.sessionRecordingEligibilityFailed).toBe('Error determining FullStory eligibility');
    expect(strings.sessionRecordingInjectFailed).toBe('Error injecting FullStory script');
  });

  // covers 001-8.39
  it('has the seed 001 string-table texts', () => {
    expect([
      strings.loadResultsFailed,
      dialogs.somethingWentWrong,
      strings.connectRetry,
      strings.networkError,
      strings.fileProcessingFailed,
      strings.fileUploadIncomplete,
      strings.fileProcessingCancelled,
      commerce.addItemFailed,
      commerce.removeItemFailed,
      commerce.updateQuantityFailed,
      strings.openFormFailed,
      strings.updateFormFailed,
      strings.checkConnection,
      commerce.reviewAlreadySubmitted,
      commerce.reviewRequestExpired,
      commerce.reviewNoProducts,
      commerce.reviewRetry,
      strings.fileRenameFailed,
      strings.fileUploadFailed,
      strings.loadFontsFailed,
      strings.loadCollectionsFailed,
      strings.jobNoResponse,
      blocks.vimeoBasicUnsupported,
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
    expect(relativeTime.justNow).toBe('just now');
    expect(format(relativeTime.secondsAgo, { N: 30 })).toBe('about 30 seconds ago');
    expect(relativeTime.underMinute).toBe('less than a minute ago');
  });
});

describe('format', () => {
  // constants and helpers for 000-5.13, 000-8.08 (the on-screen text is left to end-to-end tests)
  it('fills every {argument}, repeated ones included', () => {
    expect(format(forms.emailInvalid, { email: 'name@example.com' })).toBe('Email is not valid. Email addresses should follow the format name@example.com.');
    expect(format(dataRequest.unparseableJson, { url: '/api/x', message: 'Unexpected token' })).toBe(
      'Internal Error: Unable to parse server response from (/api/x) as JSON: Unexpected token',
    );
    expect(format(strings.linkFormat, { host: 'https://example.com' })).toBe('Links must be formatted as https://example.com or https://example.com');
  });

  // related to 000-5.57 (argument filling only; no translations are asserted here)
  it('refuses a message whose argument has no value, rather than show a gap', () => {
    expect(() => format('{a} and {b}', { a: 1 } as { a: number; b: number })).toThrow(/b/);
  });

  // related to 000-5.57 (argument filling only; no translations are asserted here)
  it('leaves no argument unfilled when every value is given, and inserts values literally', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const text = format(strings.fileTooLarge, { fileName: value, maxSize: value });
        expect(text).toBe(`The file ${value} is too large. The maximum allowed file size is ${value}.`);
      }),
    );
  });
});
