// Claims a fourteenth reviewer's answers about a SaaS admin changing a seat count showed the
// checker missing: counts written after their type on a line of their own (`- Dead clicks: 6`,
// `Errors — 2`) and an item's count nested in its evidence object.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 1, 14, 3, 12) + seconds * 1000).toISOString();
const save = { selector: 'div.billing-footer button#save-seats', text: 'Save changes' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://app.teamlane.example/acme-ops/settings/billing?tab=plan' },
  { type: 'rage-click', timestamp: at(10), target: { selector: 'button.stepper-plus', text: '+' }, count: 7 },
  { type: 'console-error', timestamp: at(29), message: 'AxiosError: timeout of 15000ms exceeded' },
  { type: 'dead-click', timestamp: at(70), target: save },
  { type: 'dead-click', timestamp: at(71), target: save },
  { type: 'dead-click', timestamp: at(73), target: save },
  { type: 'click', timestamp: at(88), target: save },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-14:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the fourteenth review', () => {
  it('reads a count written after its type and a colon or a dash on a line of its own', () => {
    const answer = '**Summary**\n\n- Dead clicks: 3 (#3, #4, #5)\n- Rage clicks: 2, both on "+" (#1)\nErrors — 4\n- Console errors – 1 [#2]\n- Page loads: 0';
    expect(found(answer, ['count'])).toEqual([
      ['count', 'Dead clicks: 3', 'kept'],
      ['count', 'Rage clicks: 2', 'unsupported'],
      ['count', 'Errors — 4', 'unsupported'],
      ['count', 'Console errors – 1', 'kept'],
      ['count', 'Page loads: 0', 'unsupported'],
    ]);
  });

  it('reads no count after a label that names no events, nor one followed by more words', () => {
    expect(found('- Invitations sent: 3\n- Seats: 24\n- Dead clicks: 3 of them on the footer', ['count'])).toEqual([]);
  });

  it("judges a count nested in an item's evidence object as the item's count", () => {
    const answer = {
      issues: [
        { kind: 'dead_click', description: 'Save changes did nothing', evidence: { events: [3, 4, 5], count: 3 } },
        { kind: 'rage_click', description: 'Repeated clicks on Save changes', evidence: { events: [6], count: 5 } },
      ],
    };
    expect(found(answer, ['count'])).toEqual([
      ['count', 'count: 3', 'kept'],
      ['count', 'count: 5', 'unsupported'],
    ]);
  });
});
