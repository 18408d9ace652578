// Durations the third recall pass ties to the events the answer names, instead of any two events
// of the session: one after a comma, in a clause that cites nothing, said of the events its
// sentence cites before it; a time spent on what the clause's citations show; and one said of the
// part the prompt shows.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2027, 1, 9, 9, 14, 5) + seconds * 1000).toISOString();

// A click every 15 seconds for 7 minutes: any duration up to 7 minutes is the time between two events.
const events = Array.from({ length: 29 }, (_, index) => ({ type: 'click', timestamp: at(index * 15), target: { selector: `button#b${index}`, text: `Button ${index}` } }));

/** The duration findings (text, verdict) of `answer` about the events, under the profile `yaml`. */
function durations(answer: string, yaml = '{}') {
  const session = parseSession({ id: 'u-3:s-1', events });
  const profile = parseProfile(yaml);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kind === 'duration').map(({ text, verdict }) => [text, verdict]);
}

describe('groundAnswer: durations of the third recall pass', () => {
  it('holds a duration after a comma, in a clause that cites nothing, to the events its sentence cites before it', () => {
    // #2 to #14 is 3 minutes.
    expect(durations('The whole episode, from the first button (#2) to the last one (#14), took about 6 minutes.')).toEqual([['took about 6 minutes', 'unsupported']]);
    expect(durations('The whole episode, from the first button (#2) to the last one (#14), took about 3 minutes.')).toEqual([['took about 3 minutes', 'kept']]);
    // A time since something named in words, or of the whole session, is not the time between them.
    expect(durations('They clicked it (#2) and then the other (#3), about 6 minutes after starting.')).toEqual([['about 6 minutes', 'kept']]);
    expect(durations('They clicked it (#2) and then the other (#3), and the session lasted about 6 minutes.')).toEqual([['lasted about 6 minutes', 'kept']]);
  });

  it('holds a time spent on what the clause cites to those events and the next one', () => {
    // #8 to #12 is a minute, to the next event (#13) 75 seconds; the first event is 2 minutes before #8.
    expect(durations('She spent roughly 2 minutes on the form (#8–#12) and got an error from the API.')).toEqual([['spent roughly 2 minutes', 'unsupported']]);
    expect(durations('She spent roughly 75 seconds on the form (#4–#8).')).toEqual([['spent roughly 75 seconds', 'kept']]);
    // Counted until something else: not the span of the events cited.
    expect(durations('She spent about 3 minutes reading before clicking twice (#12, #13).')).toEqual([['spent about 3 minutes', 'kept']]);
  });

  it('does not find a duration said of the part the prompt shows dropped by the whole session', () => {
    // The last 10 events: 2 min 15 s of the session's 7 minutes.
    const last10 = 'slice:\n  mode: LAST\n  event_limit: 10\n';
    expect(durations('- The whole window lasted 5 minutes.', last10)).toEqual([['lasted 5 minutes', 'unsupported']]);
    expect(durations('- In total the user spent 4 minutes 30 seconds in the part shown.', last10)).toEqual([['4 minutes 30 seconds', 'unsupported']]);
    expect(durations('- The whole window lasted about 2 minutes.', last10)).toEqual([['lasted about 2 minutes', 'kept']]);
    // Said of no part, the whole session's span still makes it dropped.
    expect(durations('- The user stayed for 5 minutes.', last10)).toEqual([['for 5 minutes', 'dropped']]);
  });
});
