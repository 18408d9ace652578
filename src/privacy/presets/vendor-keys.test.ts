import { describe, expect, it } from 'vitest';
import { findPresetMatches } from '../presets.js';
import { findVendorKeys } from './vendor-keys.js';

const SECRET: ReadonlySet<'secret'> = new Set(['secret']);

function secretsIn(text: string): string[] {
  return findPresetMatches(text, SECRET).map((match) => text.slice(match.start, match.end));
}

const KEYS = [
  'glc_eyJvIjoiMTIzNDU2IiwibiI6InRlc3QiLCJrIjoiYWJjZGVmIiwibSI6eyJyIjoidXMifX0=',
  'glsa_zX9kQ2mN8pR4tV6wY1aB3cD5eF7gH9jK_1a2b3c4d',
  `ATATT3xFfGF0T4JNjZMb_1lRaQ5hXQzR9oPq8_Wd0x7l3n9A5rD2kGvM6wYcE1tU0iZs8pLqN3oJf4hKb7Vx2m=1A2B3C4D`,
  'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
  'sntrys_eyJpYXQiOjE2ODQ5NjAwMDAuMCwidXJsIjoiaHR0cHM6Ly9zZW50cnkuaW8ifQ==_AbCdEf0123456789',
  'sntryu_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  'sk.eyJ1IjoiYWRhIiwiYSI6ImNrZzEyMzQ1NjAwMDAwMDB4eXoifQ.AbCdEfGhIjKlMnOpQrStUv',
  'secret_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfG',
  'ntn_12345678901AbCdEfGhIjKlMnOpQrStUvWxYz012345678',
  'figd_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd',
  'nfp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'NRAK-ABCDEFGHIJKLMNOPQRSTUVWXYZ0',
  'NRII-AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  `AGE-SECRET-KEY-1${'Q'.repeat(56)}9X`,
  'shpss_0123456789abcdef0123456789abcdef',
  'pscale_tkn_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd',
  'PMAK-0123456789abcdef01234567-0123456789abcdef0123456789abcdef01',
  'pul-0123456789abcdef0123456789abcdef01234567',
  'lin_oauth_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  'glrt-AbCdEfGhIjKlMnOpQrSt',
  'gldt-AbCdEfGhIjKlMnOpQrSt',
  'r8_AbCdEfGhIjKlMnOpQrStUvWxYz01234567890',
  'gsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOp',
  'HRKU-AAdGhjkLmNoPqRsTuVwXyZ0123456789_abcdefghijklmnop',
  'vcp_4Xk9Qm2Rt7Wz1Bv5Nc8Lp3Hs6Jd0Fg2Yx4Ta9Ue1Ri7Ow5',
];

describe('vendor keys', () => {
  it.each(KEYS)('finds %s, alone and in a text', (key) => {
    expect(findVendorKeys(key)).toEqual([{ start: 0, end: key.length }]);
    expect(secretsIn(`using ${key} here`)).toEqual([key]);
    expect(secretsIn(`{"k":"${key}"}`)).toEqual([key]);
  });

  it.each([
    'secret_santa_enabled', 'secret_key_name', 'the glc_ prefix', 'gsk_test', 'r8_ model', 'NRAK-', 'ATATT3 short', 'figd_ x', 'pul-request', 'nfp_x', 'PMAK-1',
    'pscale_tkn_', 'vcp_ token', 'sb_secret_ is the prefix', 'func_call_count', 'glrt-short', 'secret_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhIjKlMnOpQ',
    // Mapbox's public token is shipped in pages.
    'pk.eyJ1IjoiYWRhIiwiYSI6ImNrZzEyMzQ1NjAwMDAwMDB4eXoifQ.AbCdEfGhIjKlMnOpQrStUv',
    'my_glc_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEf',
  ])('leaves %j', (text) => {
    expect(secretsIn(text)).toEqual([]);
  });
});
