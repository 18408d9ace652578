import { describe, expect, it } from 'vitest';
import { redactInternals } from './redact-internals.js';

describe('redactInternals', () => {
  it.each([
    ['cannot reach the Gemini API at http://10.0.0.5:8787: connect ECONNREFUSED 10.0.0.5:8787', 'cannot reach the Gemini API at [address]: connect ECONNREFUSED [address]'],
    ['the endpoint at https://llm.internal.example/v1 answered HTTP 500', 'the endpoint at [address] answered HTTP 500'],
    ['connect ECONNREFUSED ::1 [::1]:5432 via db.internal:5432 or localhost:11434', 'connect ECONNREFUSED ::1 [address] via [address] or [address]'],
    ['password authentication failed for postgres://recap:hunter2@db:5432/recap', 'password authentication failed for [address]'],
    ['API key not valid: AIzaSyA1234567890abcdefghijklmnop', 'API key not valid: [key]'],
    ['Incorrect API key provided: sk-proj-abcdefghijklmnop1234', 'Incorrect API key provided: [key]'],
    ['header Authorization: Bearer abc.def.ghi', 'header Authorization: Bearer [key]'],
    ['duplicate key value violates unique constraint "users_uid" Key (org_id, uid)=(o-1, alice) already exists', 'duplicate key value violates unique constraint "users_uid" Key (org_id, uid)=(…) already exists'],
    ['error: value "4294967296" is out of range for type integer', 'error: value "…" is out of range for type integer'],
    ['batch job j-1 failed: invalid input syntax for type integer: "alice@example.com"', 'batch job j-1 failed: invalid input syntax for type integer: "…"'],
    ['error: invalid input value for enum job_status: "SECRET"', 'error: invalid input value for enum job_status: "…"'],
    ['error: date/time field value out of range: "2026-13-45"', 'error: date/time field value out of range: "…"'],
    ['error: invalid byte sequence for encoding "UTF8": 0xe9 0x22', 'error: invalid byte sequence for encoding "UTF8": 0x…'],
  ])('%s', (text, expected) => {
    expect(redactInternals(text)).toBe(expected);
  });

  it('keeps the identifiers a database error names', () => {
    expect(redactInternals('error: relation "users" does not exist')).toBe('error: relation "users" does not exist');
    expect(redactInternals('error: column "uid" of relation "users" does not exist')).toBe('error: column "uid" of relation "users" does not exist');
  });

  it('leaves ordinary messages alone', () => {
    expect(redactInternals('the Gemini API answered 429 RESOURCE_EXHAUSTED for model gemini-2.5-flash: quota exceeded (gave up after 3 retries)')).toBe(
      'the Gemini API answered 429 RESOURCE_EXHAUSTED for model gemini-2.5-flash: quota exceeded (gave up after 3 retries)',
    );
  });
});
