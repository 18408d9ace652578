import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_NAME_PIECE } from './secret-detector.js';
import { isSecretPropertyName } from './secret-property-name.js';

describe('isSecretPropertyName', () => {
  it.each([
    'password',
    'PASSWORD',
    'passwd',
    'pwd',
    'secret',
    'token',
    'api_key',
    'apiKey',
    'api-key',
    'APIKey',
    'x-api-key',
    'apikey',
    'access_token',
    'accessToken',
    'refresh_token',
    'client_secret',
    'clientSecret',
    'private_key',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'session_token',
    'otp',
    'pin',
    'PIN',
    'pinCode',
    'cvv',
    'cvc',
    'ssn',
    'user_password',
    'newPassword',
    'password_confirmation',
    'passwordHash',
    'newpassword',
    'accesstoken',
    'tokens',
    'user.credentials.password',
    'headers.authorization',
    'tokens[0]',
    "headers['x-api-key']",
    'password2',
    'pass',
    'db_pass',
    'passphrase',
    'walletPassphrase',
    'credentials',
    'aws_credential',
    'totp',
    'mfa_code',
    'mfaCode',
    '2fa_code',
    '2FA-code',
    'user2faCode',
    'two_factor_code',
    'twoFactorCode',
    'verification_code',
    'security_answer',
    'securityCode',
    'social_security_number',
    'csc',
    'sessionid',
    'PHPSESSID',
    'JSESSIONID',
    'jsessionid',
    'sessid',
  ])('%s is a secret', (name) => {
    expect(isSecretPropertyName(name)).toBe(true);
    // The secret preset looks for `key=value` pairs only in texts holding such a piece.
    expect(SECRET_NAME_PIECE.test(name), 'a piece of SECRET_NAME_PIECE').toBe(true);
  });

  it.each([
    'passport_country',
    'passport',
    'description',
    'pinned',
    'spinner',
    'tokenizer_version',
    'tokenizer',
    'secretary',
    'keyboard',
    'key',
    'primary_key',
    'author',
    'username',
    'email',
    'token_count',
    'password_length',
    'token_type',
    'password_changed_at',
    'password.length',
    'compass',
    'options',
    'pass_rate',
    'passenger',
    'zip_code',
    'security_level',
    'verification_status',
    'factor',
    'fa_code',
    'session_id',
    'sessionId',
    'session',
    '',
  ])('%s is not a secret', (name) => {
    expect(isSecretPropertyName(name)).toBe(false);
  });

  it('accepts only names holding a piece of SECRET_NAME_PIECE (the secret preset looks for no other key=value pair)', () => {
    const word = fc.oneof(
      fc.constantFrom('password', 'pass', 'phrase', 'credentials', 'secret', 'token', 'api', 'key', 'private', 'auth', 'authorization', 'cookie', 'otp', 'totp', 'mfa', '2', 'fa', '2fa', '2FA', 'two', 'factor', 'verification', 'security', 'social', 'answer', 'code', 'pin', 'cvv', 'cvc', 'csc', 'ssn', 'session', 'sessionid', 'sessid', 'php', 'id', 'count', 'rate', 'new', 'user', 'x'),
      fc.stringMatching(/^[a-z]{1,6}$/),
    );
    const camel = (words: string[]) => words.map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join('');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom('_', '-', '', 'camel'), (words, glue) => {
        const name = glue === 'camel' ? camel(words) : words.join(glue);
        if (isSecretPropertyName(name)) expect(SECRET_NAME_PIECE.test(name), name).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
