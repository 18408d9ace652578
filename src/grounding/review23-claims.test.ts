// Claims a twenty-third reviewer's answers about a travel insurance claim showed the checker
// missing or misjudging: a quote under an evidence item's `quote`, amounts under keys of a currency
// (`payable_eur`), a status said right before its citation in another language (`erro 413 (#3)`),
// a status under `http_status`, a timeline of offsets in a session too short for its readings to
// be told from times of day, a timeline in the prompt's own offsets (`+16.5s`), and a count cited
// with as many events the profile left out that no total of the session makes true.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 20:31:05 UTC, five minutes.
const at = (seconds: number) => new Date(Date.UTC(2027, 6, 14, 20, 31, 5) + seconds * 1000).toISOString();

const API = 'https://api.wayfarercover.example/v2/claims/CLM-1/attachments';
const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://claims.wayfarercover.example/claims/CLM-1/evidence' },
  { type: 'element-seen', timestamp: at(10), target: { selector: 'p.hint', text: 'Upload photos (JPG or PNG, up to 10 MB each).' } },
  { type: 'click', timestamp: at(20), target: { selector: 'button#upload', text: 'Upload' } },
  { type: 'network-error', timestamp: at(22), url: API, method: 'POST', status: 413 },
  { type: 'console-error', timestamp: at(22.1), message: 'UploadError: 413 Payload Too Large' },
  { type: 'element-seen', timestamp: at(22.5), target: { selector: 'div.alert', text: 'Upload failed. Try again.' } },
  { type: 'dead-click', timestamp: at(87), target: { selector: 'img.preview' } },
  { type: 'network-error', timestamp: at(150), url: API, method: 'POST', status: 503 },
  { type: 'console-error', timestamp: at(150.1), message: 'UploadError: 503 Service Unavailable' },
  { type: 'console-error', timestamp: at(200), message: 'SubmitError: 409 Conflict' },
  { type: 'element-seen', timestamp: at(280), target: { selector: 'p.totals', text: 'Claim total €305.40 · You could receive €255.40' } },
  { type: 'click', timestamp: at(300), target: { selector: 'button#submit-claim', text: 'Submit claim' } },
];

/** The findings (kind, text, verdict) of `answer` about the events under a profile of `profile` (YAML), of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[], profile = '{}') {
  const session = parseSession({ id: 'u-23:s-1', events });
  const parsed = parseProfile(profile);
  const { findings } = groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the twenty-third review', () => {
  it('reads a string under an item’s quote as a quote of the page', () => {
    const evidence = [
      { event_index: 5, quote: 'Upload failed. Try again.' },
      { event_index: 5, quote: 'Upload failed. Please try again.' },
    ];
    expect(found({ evidence }, ['text'])).toEqual([
      ['text', '“Upload failed. Try again.”', 'kept'],
      ['text', '“Upload failed. Please try again.”', 'unsupported'],
    ]);
  });

  it('reads a number under a key that names a currency as that amount', () => {
    expect(found({ claim: { total_eur: 305.4, payable_eur: 250.4 } }, ['text'])).toEqual([
      ['text', 'total_eur: 305.4', 'kept'],
      ['text', 'payable_eur: 250.4', 'unsupported'],
    ]);
  });

  it('reads a number under a key of a status as the status a request got', () => {
    const uploads = [
      { events: [2, 3], http_status: 413 },
      { events: [7], http_status: 415 },
    ];
    expect(found({ uploads }, ['text'])).toEqual(
      expect.arrayContaining([
        ['text', 'http_status: 413', 'kept'],
        ['text', 'http_status: 415', 'unsupported'],
      ]),
    );
  });

  it('finds a status said alone right before its citation, in any language, not the one an event came after', () => {
    expect(found('O envio falhou com um erro 413 (#3); depois, lỗi 500 (#7). She clicked “Submit claim” after the 503 (#11).', ['text'])).toEqual([
      ['text', '413', 'kept'],
      ['text', '500', 'unsupported'],
      ['text', '“Submit claim”', 'kept'],
    ]);
  });

  it('reads the clock readings leading a timeline’s lines as offsets when one of them is no time of day of a short session', () => {
    const timeline = '1. 00:20 — clicked “Upload” (#2)\n2. 01:27 — dead click on the preview (#6)\n3. 03:35 — the totals (#10)';
    expect(found(timeline, ['duration'])).toEqual([
      ['duration', '00:20', 'kept'],
      ['duration', '01:27', 'kept'],
      ['duration', '03:35', 'unsupported'],
    ]);
  });

  it('reads a timeline written in the prompt’s offsets (+16.5s) as the times of the events of its lines', () => {
    const timeline = '| Time | Event |\n|---|---|\n| +20s | #2 |\n| +95s | #6 |';
    expect(found(timeline, ['duration'])).toEqual([
      ['duration', '+20s', 'kept'],
      ['duration', '+95s', 'unsupported'],
    ]);
  });

  it('holds a count cited with as many events of its kind the profile left out as dropped when no total makes it true', () => {
    expect(found('2 console errors (#4, #8)', ['count'], 'events:\n  exclude_types: [console-error]')).toEqual([['count', '2 console errors', 'dropped']]);
  });
});
