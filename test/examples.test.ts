// Every example profile against every example fixture, and the shipped JSON Schema.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLongSession, serializeSession } from '../scripts/generate-long-session.js';
import { createExtractiveModel } from '../src/models/extractive/create-extractive-model.js';
import { prepare } from '../src/pipeline/prepare.js';
import { safeParseProfile } from '../src/profile/parse-profile.js';
import { profileJsonSchema, PROFILE_JSON_SCHEMA_PATH } from '../src/profile/profile-json-schema.js';
import type { Profile } from '../src/profile/profile-schema.js';
import { BUILT_IN_EVENT_TYPES } from '../src/session/event-types.js';
import { parseSession } from '../src/session/parse-session.js';
import type { Session } from '../src/session/session-schema.js';
import { summarize } from '../src/summarize.js';
import { SUITE_JSON_SCHEMA_PATH, suiteJsonSchema } from '../src/suite/suite-json-schema.js';
import { PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema } from '../src/privacy/privacy-json-schema.js';

const root = path.resolve(import.meta.dirname, '..');
const files = (directory: string, extension: string) =>
  readdirSync(path.join(root, directory))
    .filter((file) => file.endsWith(extension))
    .sort()
    .map((file) => path.join(directory, file));

const profileFiles = files('profiles', '.yaml');
const fixtureFiles = files('sessions-fixtures', '.json');

const profiles = new Map<string, Profile>();
const sessions = new Map<string, Session>();

describe('example profiles', () => {
  it('there are at least four', () => expect(profileFiles.length).toBeGreaterThanOrEqual(4));

  it.each(profileFiles)('%s is valid, without warnings, and points editors at the JSON Schema', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const result = safeParseProfile(text, { source: file });
    if (!result.success) throw result.error;
    expect(result.warnings).toEqual([]);
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/profile.schema.json');
    profiles.set(file, result.profile);
  });
});

describe('example fixtures', () => {
  it('there are at least eight', () => expect(fixtureFiles.length).toBeGreaterThanOrEqual(8));

  it.each(fixtureFiles)('%s loads', (file) => {
    sessions.set(file, parseSession(readFileSync(path.join(root, file), 'utf8'), { source: file }));
  });

  it('together use all 13 built-in types and custom events', () => {
    const used = new Set<string>([...sessions.values()].flatMap((session) => session.events.map((event) => event.type)));
    expect([...BUILT_IN_EVENT_TYPES, 'custom'].filter((type) => !used.has(type))).toEqual([]);
  });

  it('include a long session of at least 5,000 events, exactly as its generator makes it', () => {
    const text = readFileSync(path.join(root, 'sessions-fixtures/long-session.json'), 'utf8');
    expect(parseSession(text).events.length).toBeGreaterThanOrEqual(5000);
    expect(serializeSession(generateLongSession({ events: 6000, seed: 1 }))).toBe(text);
  });
});

describe('every profile against every fixture', () => {
  const pairs = profileFiles.flatMap((profile) => fixtureFiles.map((fixture) => [profile, fixture] as const));

  it.each(pairs)('%s on %s prepares, leaks nothing excluded and (without a schema) summarises offline', async (profileFile, fixtureFile) => {
    const profile = profiles.get(profileFile) as Profile;
    const session = sessions.get(fixtureFile) as Session;
    const prepared = prepare(profile, session);
    expect(prepared.events.kept.length).toBeLessThanOrEqual(profile.slice?.event_limit || Infinity);
    // An excluded element has no context line (its values may still be typed on the page).
    for (const element of Object.keys(prepared.context.excluded)) {
      expect(prepared.sessionBlock.split('\n').some((line) => line.startsWith(`${element}: `))).toBe(false);
    }
    expect(prepared.prompt.split('</session>')).toHaveLength(2);
    if (profile.llm?.response_schema === undefined) {
      const outcome = await summarize(prepared, createExtractiveModel());
      expect('summary' in outcome.result && outcome.result.summary).toMatch(/^Rule-based summary/);
    }
  });
});

describe('the shipped JSON Schemas', () => {
  it.each([
    [PROFILE_JSON_SCHEMA_PATH, profileJsonSchema],
    [SUITE_JSON_SCHEMA_PATH, suiteJsonSchema],
    [PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema],
  ])('%s is the one generated from the zod schema (run `npm run schemas` after changing it)', (file, generate) => {
    const shipped = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
    expect(shipped).toEqual(generate());
  });

  it.each(files('suites', '.recap.yaml'))('%s points editors at the suite schema', (file) => {
    expect(readFileSync(path.join(root, file), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/suite.schema.json');
  });
});

describe('docs/suites.md', () => {
  it('shows suites/checkout.recap.yaml verbatim as its copyable suite', () => {
    const page = readFileSync(path.join(root, 'docs', 'suites.md'), 'utf8');
    expect(page).toContain(`\`\`\`yaml\n${readFileSync(path.join(root, 'suites/checkout.recap.yaml'), 'utf8')}\`\`\``);
  });
});
