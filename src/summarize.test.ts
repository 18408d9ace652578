import { describe, expect, it } from 'vitest';
import { InvalidAnswerError, ModelError } from './models/model-errors.js';
import { createFakeModel } from './models/test-support/fake-model.js';
import type { ModelRequest } from './models/summary-model.js';
import { groundingSource } from './grounding/ground-answer.js';
import { prepare } from './pipeline/prepare.js';
import { sessionWith } from './pipeline/test-support/session-builder.js';
import type { Profile } from './profile/profile-schema.js';
import { describeRepair, summarize } from './summarize.js';

const session = sessionWith([{ offset: 0, type: 'navigate', url: 'https://shop.example/' }, { offset: 1000 }]);
const structured: Profile = {
  llm: {
    response_schema: {
      type: 'OBJECT',
      properties: { outcome: { type: 'STRING', enum: ['completed', 'abandoned'] }, errors: { type: 'INTEGER' } },
      required: ['outcome', 'errors'],
    },
  },
};

describe('summarize', () => {
  it('returns { summary } for a profile without a response schema', async () => {
    const model = createFakeModel(['  The user browsed the shop.  ']);
    const outcome = await summarize(prepare({}, session), model);
    expect(outcome.result).toEqual({ summary: 'The user browsed the shop.' });
    expect(outcome.attempts).toBe(1);
    expect(outcome.repairs).toEqual([]);
    expect(model.requests[0]?.prompt).toBe(prepare({}, session).prompt);
    expect(model.requests[0]?.responseSchema).toBeUndefined();
  });

  it('returns { response, response_schema } for a valid structured answer', async () => {
    const model = createFakeModel(['{"outcome":"abandoned","errors":2}']);
    const outcome = await summarize(prepare(structured, session), model);
    expect(outcome.result).toEqual({
      response: { outcome: 'abandoned', errors: 2 },
      response_schema: structured.llm?.response_schema,
    });
    expect(model.requests[0]?.responseSchema).toEqual(structured.llm?.response_schema);
  });

  it('repairs an invalid answer once, telling the model what was wrong', async () => {
    const model = createFakeModel(['{"outcome":"gave up","errors":2}', '{"outcome":"abandoned","errors":2}']);
    const outcome = await summarize(prepare(structured, session), model);
    expect(outcome.attempts).toBe(2);
    // The result is valid, but not what the model first said: the outcome says why it was repaired.
    expect(outcome.repairs).toEqual([{ reason: 'schema', problems: 'outcome: must be one of "completed", "abandoned"' }]);
    expect(describeRepair(outcome.repairs[0]!)).toBe('the answer before the repair request did not match the response schema: outcome: must be one of "completed", "abandoned"');
    expect(outcome.usage).toEqual({ promptTokens: 200, outputTokens: 20, totalTokens: 220 });
    expect(model.requests[1]?.repair).toEqual({
      answer: '{"outcome":"gave up","errors":2}',
      problems: 'outcome: must be one of "completed", "abandoned"',
    });
  });

  it('fails with the raw text after the repair retry, never returning invalid data', async () => {
    const model = createFakeModel(['not json', '{"outcome":"abandoned"}']);
    const failure = await summarize(prepare(structured, session), model).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidAnswerError);
    expect((failure as InvalidAnswerError).rawText).toBe('{"outcome":"abandoned"}');
    expect((failure as InvalidAnswerError).problems).toEqual([{ path: 'errors', message: 'is required' }]);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.repair?.problems).toMatch(/not valid JSON/);
  });

  it('accepts a fenced JSON answer', async () => {
    const model = createFakeModel(['```json\n{"outcome":"completed","errors":0}\n```']);
    expect((await summarize(prepare(structured, session), model)).result).toMatchObject({ response: { errors: 0 } });
  });

  it('refuses an empty summary', async () => {
    await expect(summarize(prepare({}, session), createFakeModel(['  ']))).rejects.toBeInstanceOf(ModelError);
  });

  it('gives the model only kept events and included context as its source', async () => {
    const model = createFakeModel(['ok']);
    await summarize(prepare({ events: { include_types: ['navigate'] }, context: { include: ['device'] } }, session), model);
    expect(model.requests[0]?.source?.events.map(({ index }) => index)).toEqual([0]);
    expect(model.requests[0]?.source?.context).toEqual({});
  });

  it('refuses, before any call, a profile that requires grounding when no grounding source is given', async () => {
    const model = createFakeModel(['The user opened /invented (#9).']);
    await expect(summarize(prepare({ llm: { grounding: 'require' } }, session), model)).rejects.toThrow(
      "the profile's llm.grounding is require, but no grounding source was given: pass { grounding: groundingSource(profile, session, prepared) }",
    );
    expect(model.requests).toHaveLength(0);
    // report (the default) and off answer without one, as documented.
    expect((await summarize(prepare({}, session), createFakeModel(['ok']))).grounding).toBeUndefined();
  });

  it('names the unsupported claims in the grounding repair request without what the prompt left out', async () => {
    const profile: Profile = { context: { exclude: ['device'] }, events: { exclude_types: ['console-error'] }, llm: { grounding: 'require' } };
    const watched = sessionWith(
      [
        { offset: 0, type: 'navigate', url: 'https://shop.example/' },
        { offset: 500, type: 'console-error', message: 'TypeError: total is undefined' },
        { offset: 1000, type: 'click', target: { selector: 'button#pay', text: 'Pay' } },
      ],
      { device: { type: 'desktop', browser: 'Chrome 130', os: 'macOS 14.6' } },
    );
    const prepared = prepare(profile, watched);
    expect(prepared.prompt).not.toContain('Chrome');
    const invented = 'The user browsed in Firefox on Windows, opened /checkout and clicked "Pay" (#2) after #9.';
    const model = createFakeModel([invented, 'The user clicked "Pay" (#2).']);
    const outcome = await summarize(prepared, model, { grounding: groundingSource(profile, watched, prepared) });
    expect(outcome.result).toEqual({ summary: 'The user clicked "Pay" (#2).' });
    const problems = model.requests[1]?.repair?.problems ?? '';
    expect(outcome.repairs).toEqual([{ reason: 'grounding', problems }]);
    expect(outcome.attempts).toBe(2);
    expect(problems).toContain('"in Firefox"');
    expect(problems).toContain('"/checkout"');
    expect(problems).toContain('"#9"');
    // The excluded device, the dropped console error and the session's size stay out of it.
    for (const left of ['Chrome', 'macOS', 'desktop', 'TypeError', 'it has 3']) expect(problems).not.toContain(left);
    expect(JSON.stringify(model.requests)).not.toContain('Chrome');
  });

  it('lists both repairs when a schema repair is followed by a grounding repair', async () => {
    const profile: Profile = { llm: { ...structured.llm, grounding: 'require' } };
    const prepared = prepare(profile, session);
    // The first answer breaks the enum; its repair claims 9 errors the session does not have.
    const answers = createFakeModel(['{"outcome":"gave up","errors":2}', '{"outcome":"abandoned","errors":9}', '{"outcome":"abandoned","errors":0}']);
    const repaired = await summarize(prepared, answers, { grounding: groundingSource(profile, session, prepared) });
    expect(repaired.repairs.map(({ reason }) => reason)).toEqual(['schema', 'grounding']);
    expect(repaired.attempts).toBe(3);
  });

  it('reports the tokens of a repaired summary as unknown when one attempt came without usage, never the other attempt\'s alone', async () => {
    for (const withoutUsage of [0, 1]) {
      const fake = createFakeModel(['{"outcome":"gave up","errors":2}', '{"outcome":"abandoned","errors":2}']);
      let call = 0;
      const model = { ...fake, generate: async (request: ModelRequest) => ({ ...(await fake.generate(request)), ...(call++ === withoutUsage ? { usage: undefined } : {}) }) };
      const outcome = await summarize(prepare(structured, session), model);
      expect(outcome.attempts).toBe(2);
      expect(outcome.usage).toBeUndefined();
    }
  });
});
