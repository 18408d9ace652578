import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { prepare } from './prepare.js';

const session = parseSession({
  id: 'u-1:s-1',
  user: { uid: 'u-1', email: 'ada@example.com' },
  events: [
    { type: 'click', timestamp: '2026-11-01T10:00:00Z', target: { selector: 'button', text: 'Mail ada@example.com' } },
    { type: 'console-error', timestamp: '2026-11-01T10:00:01Z', message: 'order ORD-123456 failed' },
  ],
});
const profile = parseProfile('context:\n  include: [user]\n');
const emails = parsePrivacyRules('presets: [email]\n');
const orders = parsePrivacyRules('patterns:\n  order: "ORD-[0-9]{6}"\n');

describe('prepare with privacy rules', () => {
  it('renders the redacted session: prompt, context and kept events', () => {
    const prepared = prepare(profile, session, { privacy: emails });
    expect(prepared.prompt).not.toContain('ada@example.com');
    expect(prepared.prompt).toContain('Mail [email]');
    expect(prepared.context.included.user?.email).toBe('[email]');
    expect(prepared.events.kept[0]?.event.target?.text).toBe('Mail [email]');
    expect(prepared.privacy).toEqual({ email: 2 });
  });

  it('builds on a previous preparation only under the same rules', () => {
    const first = prepare(profile, session, { privacy: emails });
    const same = prepare(profile, session, { privacy: emails, previous: { profile, session, prepared: first } });
    expect(same.events).toBe(first.events);
    const other = prepare(profile, session, { privacy: orders, previous: { profile, session, prepared: first } });
    expect(other.prompt).toContain('ada@example.com');
    expect(other.prompt).toContain('order [order] failed');
    expect(other.privacy).toEqual({ order: 1 });
  });

  it('leaves the session and the result as they were without rules', () => {
    const prepared = prepare(profile, session);
    expect(prepared.prompt).toContain('ada@example.com');
    expect('privacy' in prepared).toBe(false);
  });
});
