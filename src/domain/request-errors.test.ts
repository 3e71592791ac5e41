import { describe, expect, it } from 'vitest';
import { dataRequestErrorText, formSubmissionErrorText } from './request-errors';

describe('status texts', () => {
  // constants and helpers for 000-8.04, 000-8.05, 000-8.06, 000-8.07 (the on-screen text is left to end-to-end tests)
  it('picks the data request text by status', () => {
    expect(dataRequestErrorText(401)).toBe('Unauthorized request');
    expect(dataRequestErrorText(403)).toBe('Unauthorized request');
    expect(dataRequestErrorText(500)).toBe('Internal server error. Please try again later.');
    expect(dataRequestErrorText(501)).toBe('Internal server error. Please try again later.');
    expect(dataRequestErrorText(503)).toBe('This service is temporarily unavailable. Please try again later.');
    expect(dataRequestErrorText(0)).toBe('Unable to connect\u2026');
    expect(dataRequestErrorText(502)).toBe('Unable to connect\u2026');
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
