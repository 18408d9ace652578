import { describe, expect, it } from 'vitest';
import { redactInternals } from './redact-internals.js';

describe('redactInternals', () => {
  it.each([
    ['cannot reach the Gemini API at http://10.0.0.5:8787: connect ECONNREFUSED 10.0.0.5:8787', 'cannot reach the Gemini API at [address]: connect ECONNREFUSED [address]'],
    ['the endpoint at https://llm.internal.example/v1 answered HTTP 500', 'the endpoint at [address] answered HTTP 500'],
    ['connect ECONNREFUSED ::1 [::1]:5432 via db.internal:5432 or localhost:11434', 'connect ECONNREFUSED [address] [address] via [address] or [address]'],
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

  it.each([
    ['getaddrinfo ENOTFOUND db.internal', 'getaddrinfo ENOTFOUND [address]'],
    ['getaddrinfo EAI_AGAIN db', 'getaddrinfo EAI_AGAIN [address]'],
    ['cannot reach the store: EAI_AGAIN pg-primary', 'cannot reach the store: EAI_AGAIN [address]'],
    ['the database at pg.svc.cluster.local refused the connection (nas.lan, build.corp too)', 'the database at [address] refused the connection ([address], [address] too)'],
  ])('a hostname without a port: %s', (text, expected) => {
    expect(redactInternals(text)).toBe(expected);
  });

  it.each([
    ['connect ENOENT /var/run/postgresql/.s.PGSQL.5432', 'connect ENOENT [address]'],
    ['connect EACCES /run/recap/model.sock', 'connect EACCES [address]'],
    ['could not connect to server: No such file or directory. Is the server running locally and accepting connections on Unix domain socket "/tmp/.s.PGSQL.5432"?', 'could not connect to server: No such file or directory. Is the server running locally and accepting connections on Unix domain socket "[address]"?'],
    ["ENOENT: no such file or directory, open '/srv/recap/exports/e-1.jsonl'", "ENOENT: no such file or directory, open '[path]'"],
  ])('a Unix socket or file path: %s', (text, expected) => {
    expect(redactInternals(text)).toBe(expected);
  });

  it.each([
    ['connect ECONNREFUSED fd00::5:8080', 'connect ECONNREFUSED [address]'],
    ['the model at fd00::5:8080 did not answer', 'the model at [address] did not answer'],
    ['from ::ffff:10.0.0.5 and fe80::1%eth0', 'from [address] and [address]'],
    ['at 2001:0db8:85a3:0000:0000:8a2e:0370:7334 and [2001:db8::1]:443', 'at [address] and [address]'],
  ])('IPv6 without brackets, whole: %s', (text, expected) => {
    expect(redactInternals(text)).toBe(expected);
  });

  it.each([
    ['Invalid API Key: gsk_abcdefghijklmnopqrstuvwxyz0123456789', 'Invalid API Key: [key]'],
    ['invalid x-api-key sk-ant-api03-abcdefghijklmnopqrstuvwxyz-0123', 'invalid x-api-key [key]'],
    ['Incorrect API key provided: xai-abcdefghijklmnopqrstuvwxyz0123456789', 'Incorrect API key provided: [key]'],
    ['hf_abcdefghijklmnopqrstuvwxyz pplx-abcdefghijklmnopqrstuvwxyz r8_abcdefghijklmnopqrstuvwxyz', '[key] [key] [key]'],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789 and AKIAIOSFODNN7EXAMPLE', '[key] and [key]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWNhcCJ9.c2lnbmF0dXJl expired', 'token [key] expired'],
    ['Authorization: Basic bmExLnJrXzAxMjM0NTY3ODlhYmNkZWY=', 'Authorization: Basic [key]'],
    ['GET /v1/models?key=0123456789abcdef&alt=json', 'GET /v1/models?key=[key]&alt=json'],
    ['sent api_key=live-abcdefgh, access_token=ya29.a0AfH6SMB and password=hunter2', 'sent api_key=[key], access_token=[key] and password=[key]'],
  ])("another vendor's key shape, or a key by its name: %s", (text, expected) => {
    expect(redactInternals(text)).toBe(expected);
  });

  it('keeps the identifiers a database error names', () => {
    expect(redactInternals('error: relation "users" does not exist')).toBe('error: relation "users" does not exist');
    expect(redactInternals('error: column "uid" of relation "users" does not exist')).toBe('error: column "uid" of relation "users" does not exist');
  });

  it('leaves ordinary messages alone', () => {
    for (const text of [
      'the Gemini API answered 429 RESOURCE_EXHAUSTED for model gemini-2.5-flash: quota exceeded (gave up after 3 retries)',
      'read ECONNRESET while the model answered',
      'Basic authentication is not supported; key=1 is too short to be a key',
      'the job started at 2026-03-01T10:00:00.000Z and ran until 10:05:00',
      'see docs/server.md and the route /v2/sessions/search',
    ]) {
      expect(redactInternals(text)).toBe(text);
    }
  });
});
