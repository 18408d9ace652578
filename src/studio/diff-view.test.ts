import { describe, expect, it } from 'vitest';
import { diffPlan, diffViewLines } from './diff-view.js';
import type { RunRecord } from './run-record.js';
import { lineText } from './styled-line.js';

function run(number: number, prompt: string, answer: string): RunRecord {
  return {
    number,
    startedAt: '2026-03-01T12:00:00.000Z',
    profile: 'profiles/alpha.yaml',
    session: 'sessions/checkout.json',
    provider: 'gemini',
    model: 'm',
    prompt,
    promptTokens: { prompt: 1, method: 'estimate' },
    schema: false,
    latencyMs: 1,
    outcome: { status: 'ok', answer: { kind: 'summary', text: answer }, attempts: 1 },
  };
}

describe('diffPlan', () => {
  it('explains what to do when there is no run yet', () => {
    expect(diffPlan([], 'prompt')).toMatchObject({ kind: 'nothing', message: expect.stringContaining('Press r') });
  });

  it('compares the edited prompt with the last run before it is run', () => {
    const plan = diffPlan([run(1, 'old prompt', 'A.')], 'new prompt');
    expect(plan).toMatchObject({ kind: 'compare', before: { prompt: 'old prompt' }, after: { label: 'now (not run yet)', answer: undefined } });
  });

  it('compares the last run with the one before it once the prompt has been run', () => {
    const plan = diffPlan([run(1, 'old', 'First. Second.'), run(2, 'new', 'First. Third.')], 'new');
    expect(plan).toMatchObject({ kind: 'compare', before: { answer: 'First.\nSecond.' }, after: { answer: 'First.\nThird.' } });
  });

  it('asks for a second run after a single one', () => {
    expect(diffPlan([run(1, 'p', 'a')], 'p')).toMatchObject({ kind: 'nothing', message: expect.stringContaining('Only one run') });
  });
});

describe('diffViewLines', () => {
  it('shows the prompt diff and the answer diff, sentence by sentence', () => {
    const lines = diffViewLines(diffPlan([run(1, 'same\nold', 'First. Second.'), run(2, 'same\nnew', 'First. Third.')], 'same\nnew')).map(lineText);
    expect(lines).toContain('Prompt  +1 −1 lines');
    expect(lines).toContain('- old');
    expect(lines).toContain('+ new');
    expect(lines).toContain('Answer  +1 −1 lines');
    expect(lines).toContain('- Second.');
    expect(lines).toContain('+ Third.');
  });

  it('says the current prompt has no answer yet', () => {
    const lines = diffViewLines(diffPlan([run(1, 'old', 'x')], 'new')).map(lineText);
    expect(lines).toContain('  no answer for the current prompt yet: press r to run it');
  });
});
