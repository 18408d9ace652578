import { describe, expect, it } from 'vitest';
import { isPhonePropertyName, isPhoneShaped } from './phone-property-name.js';

describe('isPhonePropertyName', () => {
  it.each(['phone', 'Phone', 'phones', 'phone_number', 'phoneNumber', 'mobile', 'mobile_number', 'mobilePhone', 'home_phone', 'workPhone', 'cell', 'cellphone', 'tel', 'telephone', 'fax', 'msisdn', 'whatsapp', 'user.properties.phone', 'contacts[0].phone'])('%s names a phone number', (name) => {
    expect(isPhonePropertyName(name)).toBe(true);
  });

  it.each(['phone_verified_at', 'phone_count', 'phone_type', 'phone_country_code', 'phone_id', 'telemetry', 'hotel', 'cellar', 'microphone_gain_at', 'microphone', 'mobile_build_number', 'whatsapp_opt_in', 'cell_tower', 'telephone_consent', 'number', 'order_number', 'plan', ''])('%s does not', (name) => {
    expect(isPhonePropertyName(name)).toBe(false);
  });
});

describe('isPhoneShaped', () => {
  it.each(['4155550100', '+14155550100', '(415) 555-0100', '020 7946 0958', '0041.44.668.18.00', '555 0100', 4155550100, 5550100])('%j is written as a phone number', (value) => {
    expect(isPhoneShaped(value)).toBe(true);
  });

  it.each(['555-010', '1234567890123456', 'call 4155550100', '4155550100 ext 2', 'Pixel 7', '', 999_999, 1_000_000_000_000_000, 3.5, -4155550100, true, null])('%j is not', (value) => {
    expect(isPhoneShaped(value)).toBe(false);
  });
});
