// recap report --summarize: every session id the model cites is checked against the results,
// however the model groups its citations.

import { describe, expect, it } from 'vitest';
import type { ResultLine } from '../result-line.js';
import type { SummaryModel } from '../../models/summary-model.js';
import { buildReport } from './build-report.js';
import { citedSessions, summarizeReport } from './summarize-report.js';

const ok = (n: number): ResultLine => ({ session_id: `u-${n}:s-${n}`, file: `s/${n}.json`, result: { summary: `session ${n}` }, tokens: { prompt: 1, output: 1, total: 2 }, model: 'm', ms: 1 });

describe('citedSessions', () => {
  it('reads every id of a bracket that holds several, separated by commas, semicolons or spaces', () => {
    const text = 'Most left at checkout [u-0:s-0, u-99:s-99] and [u-97:s-97; u-1:s-1] and [u-2:s-2][u-95:s-95], also [u-3:s-3 u-4:s-4].';
    expect(citedSessions(text)).toEqual(['u-0:s-0', 'u-99:s-99', 'u-97:s-97', 'u-1:s-1', 'u-2:s-2', 'u-95:s-95', 'u-3:s-3', 'u-4:s-4']);
  });

  it('leaves out brackets and words that are not ids', () => {
    expect(citedSessions('[see u-1:s-1 and u-2:s-2] [note: none] [a link](https://x.test) [u-1:s-1]')).toEqual(['u-1:s-1', 'u-2:s-2']);
  });
});

describe('summarizeReport', () => {
  it('names every cited id that is not in the results', async () => {
    const model: SummaryModel = {
      provider: 'gemini',
      model: 'fake',
      kind: 'language-model',
      generate: async () => ({ text: 'Checkout fails [u-0:s-0, u-99:s-99] and [u-97:s-97; u-1:s-1] and [u-2:s-2][u-95:s-95].', model: 'fake' }),
    };
    const lines = [0, 1, 2].map(ok);
    const summary = await summarizeReport(model, lines, buildReport(lines));
    expect(summary.unknownSessions).toEqual(['u-99:s-99', 'u-97:s-97', 'u-95:s-95']);
  });
});
