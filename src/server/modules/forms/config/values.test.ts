/** Stored form values as the owner reads them, in the submission view and the CSV export. */
import { describe, expect, it } from 'vitest';
import { valueText } from '../../../../domain/forms';
import { containsPattern } from './values';

describe('values as text', () => {
  it('writes each value shape as a person reads it', () => {
    expect(valueText('name', ['Ada', 'Lovelace'])).toBe('Ada Lovelace');
    expect(valueText('address', ['1 Quay St', '', 'Harbourtown', 'Kent', '12345', 'UK'])).toBe('1 Quay St, Harbourtown, Kent, 12345, UK');
    expect(valueText('date', ['5', '17', '2025'])).toBe('5/17/2025');
    expect(valueText('time', ['9', '5', '', 'AM'])).toBe('9:05 AM');
    expect(valueText('phone', ['44', '1632', '960', '123'])).toBe('+44 1632-960-123');
    expect(valueText('phone', ['', '555', '010', '9999'])).toBe('555-010-9999');
    expect(valueText('checkbox', ['Mugs', 'Bowls'])).toBe('Mugs, Bowls');
    expect(valueText('likert', { 'Delivery was quick.': '2', 'The pieces arrived safely.': '-1' })).toBe(
      'Delivery was quick.: Strongly Agree; The pieces arrived safely.: Disagree',
    );
    expect(valueText('name', ['', ''])).toBe('');
    expect(valueText('text', undefined)).toBe('');
  });
});

describe('search patterns', () => {
  it('take the pattern characters of ILIKE literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
