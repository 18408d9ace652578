// Run as `node --allow-natives-syntax --import tsx test/support/string-shapes.ts`: prints, as one
// JSON line, whether each string that redaction puts into a session (by redactSession, and by
// prepare's probe) is a flat string, judged by V8 itself (see src/privacy/flat-string.ts).

import { prepare } from '../../src/pipeline/prepare.js';
import { parsePrivacyRules } from '../../src/privacy/privacy-rules.js';
import { redactSession } from '../../src/privacy/redact-session.js';
import { parseSession } from '../../src/session/parse-session.js';

// Natives syntax parses only under --allow-natives-syntax, so it is compiled at run time.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: string, b: string) => boolean;
// Flat strings of one and of two bytes per character, as JSON.parse makes them.
const flatOneByte = JSON.parse(`"${'x'.repeat(40)}"`) as string;
const flatTwoByte = JSON.parse(`"${'—'.repeat(40)}"`) as string;
const isFlat = (text: string) => haveSameMap(text, /^[\0-\xff]*$/.test(text) ? flatOneByte : flatTwoByte);

const rules = parsePrivacyRules('presets: [email, ip, secret]');
const recorded = () =>
  parseSession(
    JSON.stringify({
      id: 'ada.lovelace@example.com:session-0001',
      created_time: '2026-11-01T10:00:00Z',
      events: [
        { type: 'click', timestamp: '2026-11-01T10:00:01Z', target: { selector: 'div.profile', text: 'Write to lena.vogel@mailbox.example about the renewal before the end of the month' } },
        { type: 'console-error', timestamp: '2026-11-01T10:00:02Z', message: 'Unauthorized — Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sgnature1234 from 203.0.113.42' },
        { type: 'navigate', timestamp: '2026-11-01T10:00:03Z', url: 'https://shop.test/account?email=ada%40example.com&step=2' },
      ],
    }),
  );

const redacted = redactSession(recorded(), rules).session;
const prepared = prepare({}, recorded(), { privacy: rules });
const strings = (events: readonly Record<string, unknown>[]) => events.map((event) => String(event.target === undefined ? (event.message ?? event.url) : (event.target as { text: string }).text));
const report = {
  redactSession: [redacted.id, ...strings(redacted.events)].map((value) => ({ value, flat: isFlat(value) })),
  prepare: [prepared.sessionId, ...strings(prepared.events.kept.map(({ event }) => event))].map((value) => ({ value, flat: isFlat(value) })),
  // The check itself tells a rope from a flat string.
  control: { rope: isFlat(`${flatOneByte.slice(0, 20)}[email]${flatOneByte.slice(20)}`), flat: isFlat([flatOneByte.slice(0, 20), flatOneByte.slice(20)].join('')) },
};
process.stdout.write(`${JSON.stringify(report)}\n`);
