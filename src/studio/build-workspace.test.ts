import { describe, expect, it } from 'vitest';
import { parsePrivacyRules, parseProfile, parseSession, prepare } from '../index.js';
import { buildWorkspace } from './build-workspace.js';
import { describeEvent } from './describe-event.js';

const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second)).toISOString();
const session = parseSession(
  JSON.stringify({
    id: 'u-1:s-1',
    user: { uid: 'ada', email: 'ada@example.com' },
    events: [
      { type: 'console-error', timestamp: at(0), message: 'mail to ada@example.com bounced' },
      { type: 'custom', name: 'Signup ada@example.com', timestamp: at(1) },
      { type: 'custom', name: 'Checkout Started', timestamp: at(2) },
      { type: 'element-seen', timestamp: at(3), target: { selector: 'footer', text: 'write to ada@example.com' } },
    ],
  }),
);
const rules = parsePrivacyRules('presets: [email]\n', { source: 'privacy.yaml' });
const slot = <T,>(path: string, value: T) => ({ path, status: 'valid' as const, text: '', value, problems: [], warnings: [] });

describe('buildWorkspace with privacy rules', () => {
  it('prepares exactly what prepare does with the rules, counts included', () => {
    const profile = parseProfile('context:\n  include: [user]\nevents:\n  exclude_types: [element-seen]\n');
    const workspace = buildWorkspace(1, slot('p.yaml', profile), slot('s.json', session), undefined, rules);
    const expected = prepare(profile, session, { privacy: rules });
    expect(workspace?.prepared.prompt).toBe(expected.prompt);
    expect(workspace?.prepared.privacy).toEqual(expected.privacy);
    // What the prompt can show: the element-seen event the profile drops is not counted.
    expect(workspace?.prepared.privacy).toEqual({ email: 3 });
    expect(workspace?.prepared.prompt).not.toContain('ada@example.com');
  });

  it('lists the redacted session, dropped events included, with fates that agree with the prompt', () => {
    // The rule renames the first custom event in what is shown; events are selected by their recorded names.
    const profile = parseProfile('events:\n  include_types: [console-error, element-seen, "Signup ada@example.com", Checkout Started]\n');
    const workspace = buildWorkspace(1, slot('p.yaml', profile), slot('s.json', session), undefined, rules);
    if (workspace === undefined) throw new Error('no workspace');
    const shown = workspace.session.events.map((event) => `${describeEvent(event).label} ${describeEvent(event).detail}`).join('\n');
    expect(shown).not.toContain('ada@example.com');
    expect(shown).toContain('write to [email]');
    expect(workspace.session.events.map((_, index) => workspace.explanation.fate(index))).toEqual(['kept', 'kept', 'kept', 'kept']);
    expect(workspace.prepared.events.kept.map((kept) => kept.index)).toEqual([0, 1, 2, 3]);
  });

  it('builds on the previous preparation when only the prompts change under the same rules', () => {
    const profile = parseProfile('llm:\n  pre_prompt: One.\n');
    const first = buildWorkspace(1, slot('p.yaml', profile), slot('s.json', session), undefined, rules);
    const second = buildWorkspace(2, slot('p.yaml', parseProfile('llm:\n  pre_prompt: Two.\n')), slot('s.json', session), first, rules);
    expect(second?.prepared.events).toBe(first?.prepared.events);
    expect(second?.prepared.privacy).toEqual({ email: 4 });
    const other = buildWorkspace(3, slot('p.yaml', profile), slot('s.json', session), second, parsePrivacyRules('presets: [iban]\n'));
    expect(other?.prepared.events).not.toBe(second?.prepared.events);
    expect(other?.prepared.prompt).toContain('ada@example.com');
  });
});
