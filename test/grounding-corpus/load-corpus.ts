// Loads the grounding corpus and grounds every answer against its session and profile, so that
// measureGrounding can compare the findings with the hand labels.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { groundAnswer, groundingSource } from '../../src/grounding/ground-answer.js';
import { prepare } from '../../src/pipeline/prepare.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { loadSession } from '../../src/session/load-session.js';
import { corpusFileSchema } from './corpus-schema.js';
import type { GroundedAnswer } from './measure.js';

/** The repository root (this file is test/grounding-corpus/load-corpus.ts). */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every labelled answer of `test/grounding-corpus/answers/*.json`, grounded. */
export async function loadGroundedCorpus(directory = path.join(ROOT, 'test/grounding-corpus/answers')): Promise<GroundedAnswer[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  const grounded: GroundedAnswer[] = [];
  for (const name of names) {
    const file = corpusFileSchema.parse(JSON.parse(await readFile(path.join(directory, name), 'utf8')));
    const session = await loadSession(path.join(ROOT, file.session));
    const profile = await loadProfile(path.join(ROOT, file.profile));
    const source = groundingSource(profile, session, prepare(profile, session));
    file.answers.forEach((labelled, index) => {
      grounded.push({ id: `${name.replace(/\.json$/, '')}[${index}]`, answer: labelled.answer, claims: labelled.claims, findings: groundAnswer(source, labelled.answer).findings });
    });
  }
  return grounded;
}
