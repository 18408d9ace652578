import { describe, expect, it } from 'vitest';
import { isDataField, isDataFieldLabel } from './data-field.js';

describe('isDataField', () => {
  it.each([
    ['email', 'input[type="email"]'],
    ['email', 'input[type=EMAIL]'],
    ['email', 'input[autocomplete="username email"]'],
    ['email', 'form#login > input#email'],
    ['email', 'input[name="user_email"]'],
    ['email', 'input[name="emailAddress"]'],
    ['email', 'input[placeholder="Your e-mail"]'],
    ['email', 'input.email-field'],
    ['email', 'input[data-testid="signup-email"]'],
    // Words before it say whose address it is.
    ['email', 'input#newsletter-email'],
    ['email', 'input#subscribe-email'],
    ['email', 'input[name="notification_email"]'],
    ['card', 'input[autocomplete="cc-number"]'],
    ['card', 'input[autocomplete="cc-exp-month"]'],
    ['card', 'input#card-number'],
    ['card', 'input[name="cardnumber"]'],
    ['card', 'input[name="ccnum"]'],
    ['card', 'input.card-exp-month'],
    ['card', 'input[aria-label="Credit card"]'],
    ['iban', 'input#iban'],
    ['iban', 'input[name="payout_iban"]'],
  ] as const)('%s: %s', (preset, path) => {
    expect(isDataField(preset, path)).toBe(true);
  });

  it.each([
    ['email', 'input[name="email_opt_in"]'],
    ['email', 'input#emailVerified'],
    ['email', 'input[name="email_notifications"]'],
    ['email', 'input#email[type="checkbox"]'],
    ['email', 'input[type="hidden"][name="email"]'],
    ['email', 'input#mailbox-size'],
    ['email', 'input#search'],
    ['card', 'input#card-holder'],
    ['card', 'input.gift-card'],
    ['card', 'input#cvc'],
    ['card', 'textarea#card-note'],
    ['email', 'input#email-subject'],
    ['email', 'textarea#email-body'],
    ['iban', 'input#caribbean-cruise'],
    ['iban', 'not a selector ((('],
  ] as const)('not %s: %s', (preset, path) => {
    expect(isDataField(preset, path)).toBe(false);
  });
});

describe('isDataFieldLabel', () => {
  it('reads a label as a field name', () => {
    expect(isDataFieldLabel('email', 'Email address')).toBe(true);
    expect(isDataFieldLabel('email', 'E-mail')).toBe(true);
    expect(isDataFieldLabel('card', 'Card number')).toBe(true);
    expect(isDataFieldLabel('card', 'Credit card')).toBe(true);
    expect(isDataFieldLabel('iban', 'IBAN')).toBe(true);
    expect(isDataFieldLabel('email', 'Email me the newsletter')).toBe(false);
    expect(isDataFieldLabel('card', 'Card holder')).toBe(false);
    expect(isDataFieldLabel('email', 'First name')).toBe(false);
  });
});
