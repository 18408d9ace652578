// Claims a ninth reviewer's answers showed the checker missing or misreading: sizes of data
// (`a 48.6 MB file`), read as amounts are; a count read across a line break; `key: value` lines of
// a text answer written as YAML or notes (`dead_clicks: 2`, `events: [10, 13]`, `export_id: …`);
// HTTP statuses said with their reason phrase (`413 Payload Too Large`), as `a 413 on …` or
// `both 413s`; citations in square brackets (`[15]`) and lists after `events` (`events 8, 9 and
// 10`); "half a minute after …" at the start of a sentence, and counted from an event cited before
// that came later; and "clicked … three separate times".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 6, 14, 13, 52, 0) + seconds * 1000).toISOString();
const exportButton = { selector: 'div.toolbar button#export', text: 'Export' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://app.metrics.example/dashboards/ops?range=last_12m' },
  { type: 'click', timestamp: at(30), target: exportButton },
  { type: 'custom', timestamp: at(31), name: 'Export Requested', properties: { rows: 1284410, estimated_size_mb: 48.6, export_id: 'exp_40917' } },
  { type: 'network-error', timestamp: at(50), method: 'POST', url: 'https://api.metrics.example/v3/exports', status: 413 },
  { type: 'console-error', timestamp: at(51), message: 'ExportError: payload too large (48.6 MB > 25 MB limit)' },
  { type: 'dead-click', timestamp: at(56), target: { selector: 'div.toast span.limit', text: '25 MB' } },
  { type: 'click', timestamp: at(62), target: exportButton },
  { type: 'network-error', timestamp: at(82), method: 'POST', url: 'https://api.metrics.example/v3/exports', status: 413 },
  { type: 'navigate', timestamp: at(96), url: 'https://help.metrics.example/articles/exporting-data' },
  { type: 'custom', timestamp: at(190), name: 'Export Completed', properties: { rows: 331207, size_mb: 12.4, export_id: 'exp_40931' } },
  { type: 'click', timestamp: at(195), target: { selector: 'div.toast a#download', text: 'Download' } },
];

/** The findings (kind, text, verdict) of `answer` about `list` under `profile` (YAML). */
function found(answer: string | Record<string, unknown>, list: readonly Record<string, unknown>[] = events, profile = '{}') {
  const session = parseSession({ id: 'u-9:s-1', events: list });
  const parsed = parseProfile(profile);
  return groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

const ofKind = (kind: string, answer: string, profile?: string) => found(answer, events, profile).filter(([found]) => found === kind);
const withoutErrors = 'events:\n  exclude_types: [network-error, console-error, Export Requested]\n';

describe('groundAnswer: claims of the ninth review', () => {
  it('reads a size of data as an amount, with its unit or under a property named with it', () => {
    expect(ofKind('text', 'The first export was a 48.6 MB file; the second one came to 12.4 MB and the toast named a 25 MB limit; a 30 MB file was invented.')).toEqual([
      ['text', '48.6 MB', 'kept'],
      ['text', '12.4 MB', 'kept'],
      ['text', '25 MB', 'kept'],
      ['text', '30 MB', 'unsupported'],
    ]);
    // Only the events the profile left out hold it; a bound or an estimate is no claim.
    expect(ofKind('text', 'It was a 48.6 MB file, over 25 MB, about 50 MB in all.', withoutErrors)).toEqual([['text', '48.6 MB', 'dropped']]);
    // A size is the file's, not the cited request's: the citation is not judged by it.
    expect(found('The server refused the file of 48.6 MB (#3).')).toEqual([
      ['text', '48.6 MB', 'kept'],
      ['event', '#3', 'kept'],
    ]);
  });

  it('does not read a count across a line break', () => {
    expect(found('Rows exported: 48\nEvents worth a look: the two failures.').filter(([kind]) => kind === 'count')).toEqual([]);
  });

  it('reads `key: value` lines of a text answer as a structured response’s keys', () => {
    const notes = 'friction:\n  dead_clicks: 1\n  rage_clicks: 2\n  error_clicks: 0\nevents: [3, 7]\nexport_id: exp_40918\nsize_mb: 12.4\nrange: last_12m\nOutcome: abandoned';
    expect(found(notes)).toEqual([
      ['count', 'dead_clicks: 1', 'kept'],
      ['count', 'rage_clicks: 2', 'unsupported'],
      ['count', 'error_clicks: 0', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#7', 'kept'],
      ['text', 'export_id: exp_40918', 'unsupported'],
      ['text', 'size_mb: 12.4', 'kept'],
    ]);
    expect(found('events: [3, 7]\nconsole_errors: 1', events, withoutErrors)).toEqual([
      ['event', '#3', 'dropped'],
      ['event', '#7', 'dropped'],
      ['count', 'console_errors: 1', 'dropped'],
    ]);
  });

  it('reads an HTTP status said with its reason phrase, as “a 413 on …” or as a plural', () => {
    for (const answer of ['The server answered 413 Payload Too Large.', 'Both exports failed: a 413 on the big file.', 'It ended in both 413s.']) {
      expect(ofKind('text', answer, withoutErrors), answer).toEqual([['text', expect.stringMatching(/413/), 'dropped']]);
    }
    expect(ofKind('text', 'The server answered 410 Gone.')).toEqual([['text', '410 Gone', 'unsupported']]);
  });

  it('reads citations in square brackets and a list of numbers after “events”', () => {
    expect(found('The export [1] failed [3][7], then the help page opened [8]; see claims[0] and [2](https://x.example).').filter(([kind]) => kind === 'event')).toEqual([
      ['event', '[1]', 'kept'],
      ['event', '[3]', 'kept'],
      ['event', '[7]', 'kept'],
      ['event', '[8]', 'kept'],
    ]);
    expect(found('It ended there [72].')).toEqual([['event', '[72]', 'unsupported']]);
    expect(found('They clicked “Export” twice (events 1, 6 and 12).').filter(([kind]) => kind === 'event')).toEqual([
      ['event', 'events 1', 'kept'],
      ['event', '6', 'kept'],
      ['event', '12', 'unsupported'],
    ]);
  });

  it('reads “half a minute after …” leading a sentence, and not from an event cited before that came later', () => {
    // #3 (+50 s) and #5 (+56 s) are 6 s apart; #7 (+82 s), cited before, came 32 s after #3.
    expect(ofKind('duration', 'Both exports failed (#7). Half a minute after the first failure (#3) they dead-clicked the limit (#5).')).toEqual([['duration', 'Half a minute after', 'unsupported']]);
    expect(ofKind('duration', 'The export failed (#3). Half a minute after that they retried (#7).')).toEqual([['duration', 'Half a minute after', 'kept']]);
  });

  it('reads “clicked … three separate times” as a count of clicks', () => {
    expect(ofKind('count', 'They clicked the “Export” button three separate times.')).toEqual([['count', 'clicked the “Export” button three separate times', 'unsupported']]);
    expect(ofKind('count', 'They clicked the “Export” button two separate times.')).toEqual([['count', 'clicked the “Export” button two separate times', 'kept']]);
  });
});
