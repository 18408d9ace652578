import { describe, expect, it } from 'vitest';
import { isPhoneField } from './phone-field.js';

describe('isPhoneField', () => {
  it.each([
    'input#phone',
    'form#signup > div.row > input#phone-number',
    'input[type="tel"]',
    'input[type=TEL]',
    'input[name="mobile_number"]',
    'input[autocomplete="tel-national"]',
    'input.PhoneInput',
    'div.contact input[data-testid="phone"]',
    'input#tel',
  ])('%s is a field for a phone number', (path) => {
    expect(isPhoneField(path)).toBe(true);
  });

  it.each(['input#quantity', 'form#phone-form > input#email', 'input[name="telemetry"]', 'div#phone-section > button.next', 'input[type="text"]', 'input#automobile-year', 'input[name="microphone-gain"]', 'not a selector ((', ''])('%s is not', (path) => {
    expect(isPhoneField(path)).toBe(false);
  });
});
