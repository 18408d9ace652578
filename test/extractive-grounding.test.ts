// The offline default model only restates the kept events: every claim of its summary of every
// shipped fixture, under every shipped profile, is one the prompt supports.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundAnswer, groundingSource } from '../src/grounding/ground-answer.js';
import { createExtractiveModel } from '../src/models/extractive/create-extractive-model.js';
import { prepare } from '../src/pipeline/prepare.js';
import { loadProfile } from '../src/profile/load-profile.js';
import { loadSession } from '../src/session/load-session.js';
import { summarize } from '../src/summarize.js';

const root = path.resolve(import.meta.dirname, '..');
const files = (folder: string, extension: string) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(extension))
    .map((name) => path.join(folder, name));
const pairs = files('profiles', '.yaml').flatMap((profile) => files('sessions-fixtures', '.json').map((session) => [profile, session] as const));

/** The findings of the extractive model's summary of a fixture under a profile (one without a response schema: it cannot fill one). */
async function ground(profileFile: string, sessionFile: string) {
  const profile = await loadProfile(path.join(root, profileFile));
  const session = await loadSession(path.join(root, sessionFile));
  if (profile.llm?.response_schema !== undefined) return undefined;
  const prepared = prepare(profile, session);
  const outcome = await summarize(prepared, createExtractiveModel());
  return groundAnswer(groundingSource(profile, session, prepared), 'summary' in outcome.result ? outcome.result.summary : '');
}

describe('the extractive model against grounding', () => {
  it.each(pairs)('%s on %s: every claim is supported by the prompt', async (profileFile, sessionFile) => {
    const report = await ground(profileFile, sessionFile);
    expect([...(report?.unsupported ?? []), ...(report?.dropped ?? [])].map(({ kind, text, reason }) => `${kind} ${text}: ${reason}`)).toEqual([]);
  });

  it('makes claims to check: counts, URLs, quotes', async () => {
    const kinds = new Set<string>();
    for (const [profile, session] of pairs) for (const finding of (await ground(profile, session))?.findings ?? []) kinds.add(finding.kind);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['count', 'text', 'url']));
  });
});
