import { describe, expect, it } from 'vitest';
import { loadingPrivacySlot, privacySlotUnreadable, privacySlotWithText, rulesToApply } from './privacy-slot.js';
import { privacySummary } from './privacy-summary.js';
import { lineText } from './styled-line.js';

const beside = loadingPrivacySlot({ cwd: '/studio', profilesFolder: 'profiles' });
const named = loadingPrivacySlot({ cwd: '/studio', profilesFolder: 'profiles', privacyFile: 'rules/strict.yaml' });

describe('the privacy rules slot', () => {
  it('looks for privacy.yaml in the profiles folder, or for the --privacy file', () => {
    expect(beside).toMatchObject({ path: 'profiles/privacy.yaml', required: false, status: 'loading' });
    expect(named).toMatchObject({ path: 'rules/strict.yaml', required: true });
  });

  it('prepares nothing until the rules are read, and nothing while they are invalid', () => {
    expect(rulesToApply(beside)).toEqual({ ready: false });
    const valid = privacySlotWithText(beside, 'presets: [email]\n');
    expect(rulesToApply(valid)).toMatchObject({ ready: true, rules: { presets: new Set(['email']) } });
    const invalid = privacySlotWithText(valid, 'presets: [passport]\n');
    expect(invalid.problems).toEqual(['profiles/privacy.yaml:1:11 presets[0]: expected email, card, phone, iban, ip or secret, got "passport"']);
    expect(rulesToApply(invalid)).toEqual({ ready: false });
  });

  it('takes a privacy.yaml that is not there for no rules, but not a missing --privacy file, nor rules that were there and are gone', () => {
    expect(rulesToApply(privacySlotUnreadable(beside, 'file not found', true))).toEqual({ ready: true, rules: undefined });
    expect(privacySlotUnreadable(named, 'file not found', true).problems).toEqual(['rules/strict.yaml:1:1 cannot read the privacy rules: no such file']);
    const gone = privacySlotUnreadable(privacySlotWithText(beside, 'presets: [email]\n'), 'file not found', true);
    expect(rulesToApply(gone)).toEqual({ ready: false });
    expect(gone.problems[0]).toContain('profiles/privacy.yaml:1:1 cannot read the privacy rules: the file is gone');
    // And it stays a problem, however often the watcher reports it missing.
    expect(rulesToApply(privacySlotUnreadable(gone, 'file not found', true))).toEqual({ ready: false });
    expect(rulesToApply(privacySlotUnreadable(beside, 'EACCES: permission denied', false))).toEqual({ ready: false });
  });

  it('sums up what the rules replaced, that they matched nothing, or that they are invalid; nothing without rules', () => {
    const valid = privacySlotWithText(beside, 'presets: [email]\n');
    const text = (counts?: Record<string, number>, slot = valid) => {
      const line = privacySummary(slot, counts);
      return line === undefined ? undefined : lineText(line);
    };
    expect(text({ email: 2, card: 0, blocked: 3 })).toBe('privacy: email 2 · blocked 3  profiles/privacy.yaml');
    expect(text({})).toBe('privacy: none matched  profiles/privacy.yaml');
    expect(text({}, privacySlotWithText(beside, '# presets: [email]\n'))).toBe('privacy: no rules, nothing redacted  profiles/privacy.yaml');
    expect(text({}, privacySlotWithText(beside, 'presets: [passport]\n'))).toBe('privacy: invalid rules: session withheld  profiles/privacy.yaml');
    expect(text({}, privacySlotUnreadable(beside, 'file not found', true))).toBeUndefined();
    expect(text({}, beside)).toBeUndefined();
  });
});
