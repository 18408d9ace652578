import { describe, expect, it } from 'vitest';
import type { RunRecord } from './run-record.js';
import { loadingPrivacySlot } from './privacy-slot.js';
import { studioReducer } from './studio-reducer.js';
import { initialStudioState, pairKey } from './studio-state.js';
import { BROKEN_ALPHA_PROFILE } from './test-support/studio-fixtures.js';
import { ALPHA_PROFILE, BETA_PROFILE, PROFILES, preparedState, reduce, SESSIONS, SESSION_JSON } from './test-support/studio-actions.js';

const viewport = { rows: 4, lines: 10 };

function run(number: number, prompt: string): RunRecord {
  return {
    number,
    startedAt: '2026-03-01T12:00:00.000Z',
    profile: 'profiles/alpha.yaml',
    session: 'sessions/checkout.json',
    provider: 'gemini',
    model: 'scripted-model',
    prompt,
    promptTokens: { prompt: 10, method: 'estimate' },
    schema: false,
    latencyMs: 5,
    outcome: { status: 'ok', answer: { kind: 'summary', text: `answer ${number}` }, attempts: 1 },
  };
}

describe('studioReducer: files and live editing', () => {
  it('selects the first profile and the first session when the folders are first listed', () => {
    const state = reduce(initialStudioState(), { type: 'files-listed', profiles: PROFILES, sessions: SESSIONS });
    expect(state.profile).toMatchObject({ path: 'profiles/alpha.yaml', status: 'loading' });
    expect(state.session).toMatchObject({ path: 'sessions/checkout.json', status: 'loading' });
    expect(state.workspace).toBeUndefined();
  });

  it('keeps the selection when the folders are listed again', () => {
    const state = reduce(preparedState(), { type: 'profile-selected', path: 'profiles/beta.yaml' }, { type: 'files-listed', profiles: PROFILES, sessions: SESSIONS });
    expect(state.profile?.path).toBe('profiles/beta.yaml');
  });

  it('prepares the profile against the session once both are read', () => {
    const state = preparedState();
    expect(state.profile?.status).toBe('valid');
    expect(state.workspace?.prepared.prompt).toContain('ALPHA-PRE');
    expect(state.workspace?.prepared.events.kept.map(({ index }) => index)).toEqual([0, 2, 3, 4, 5]);
    expect(state.workspace?.explanation.fate(1)).toBe('filtered-by-type');
    expect(state.workspace?.explanation.fate(6)).toBe('over-limit');
  });

  it('re-prepares every view from a saved change, with a new revision', () => {
    const before = preparedState();
    const after = studioReducer(before, { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE.replace('ALPHA-PRE', 'ALPHA-EDITED') });
    expect(after.workspace?.prepared.prompt).toContain('ALPHA-EDITED');
    expect(after.workspace?.promptLines.lines[0]).toContain('ALPHA-EDITED');
    expect(after.workspace?.revision).toBeGreaterThan(before.workspace?.revision ?? Infinity);
  });

  it('builds on the last workspace when a save changed only the prompts, and re-selects when it changed the slice', () => {
    const before = preparedState();
    const promptOnly = studioReducer(before, { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE.replace('ALPHA-PRE', 'ALPHA-EDITED') });
    expect(promptOnly.workspace?.explanation).toBe(before.workspace?.explanation);
    expect(promptOnly.workspace?.prepared.events).toBe(before.workspace?.prepared.events);
    expect(promptOnly.workspace?.prepared.prompt).toContain('ALPHA-EDITED');
    const sliced = studioReducer(promptOnly, { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE.replace('event_limit: 5', 'event_limit: 2') });
    expect(sliced.workspace?.explanation).not.toBe(promptOnly.workspace?.explanation);
    expect(sliced.workspace?.prepared.events.kept).toHaveLength(2);
    expect(sliced.workspace?.explanation.fate(3)).toBe('over-limit');
  });

  it('records file:line:col problems of an invalid save and keeps the last good workspace', () => {
    const before = preparedState();
    const after = studioReducer(before, { type: 'file-read', path: 'profiles/alpha.yaml', text: BROKEN_ALPHA_PROFILE });
    expect(after.profile?.status).toBe('invalid');
    expect(after.profile?.problems).toEqual([expect.stringMatching(/^profiles\/alpha\.yaml:6:9 slice\.mode: expected FIRST, LAST or TIMESTAMP/)]);
    expect(after.workspace).toBe(before.workspace);
  });

  it('clears the problems when the file is fixed', () => {
    const state = reduce(
      preparedState(),
      { type: 'file-read', path: 'profiles/alpha.yaml', text: BROKEN_ALPHA_PROFILE },
      { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE.replace('ALPHA-PRE', 'FIXED') },
    );
    expect(state.profile).toMatchObject({ status: 'valid', problems: [] });
    expect(state.workspace?.prepared.prompt).toContain('FIXED');
  });

  it('leaves the state untouched when a save does not change the text', () => {
    const before = preparedState();
    expect(studioReducer(before, { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE })).toBe(before);
  });

  it('keeps the last good session when a saved session is invalid', () => {
    const before = preparedState();
    const after = studioReducer(before, { type: 'file-read', path: 'sessions/checkout.json', text: '{"id": "u-1:s-1", "events": [{"type": "nope"}]}' });
    expect(after.session?.status).toBe('invalid');
    expect(after.session?.problems[0]).toMatch(/^sessions\/checkout\.json: events\[0\]/);
    expect(after.workspace).toBe(before.workspace);
  });

  it('says a deleted profile is missing and keeps showing its last good version', () => {
    const before = preparedState();
    const after = studioReducer(before, { type: 'file-unreadable', path: 'profiles/alpha.yaml', message: 'file not found' });
    expect(after.profile?.problems).toEqual(['profiles/alpha.yaml: file not found']);
    expect(after.workspace).toBe(before.workspace);
  });

  it('ignores files that are not selected', () => {
    const before = preparedState();
    expect(studioReducer(before, { type: 'file-read', path: 'profiles/beta.yaml', text: 'nonsense: [' })).toEqual(before);
  });
});

describe('studioReducer: privacy rules', () => {
  const RULES = 'presets: [email]\n';
  /** Files listed and read, the rules not yet. */
  const waitingForRules = () =>
    reduce(
      initialStudioState(loadingPrivacySlot({ cwd: '/studio', profilesFolder: 'profiles' })),
      { type: 'files-listed', profiles: PROFILES, sessions: SESSIONS },
      { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE.replace('exclude: [user]', 'include: [user]') },
      { type: 'file-read', path: 'sessions/checkout.json', text: SESSION_JSON },
    );

  it('prepares nothing before the rules are read, then prepares with them', () => {
    const waiting = waitingForRules();
    expect(waiting.workspace).toBeUndefined();
    const ready = studioReducer(waiting, { type: 'file-read', path: 'profiles/privacy.yaml', text: RULES });
    expect(ready.workspace?.prepared.prompt).toContain('"email":"[email]"');
    expect(ready.workspace?.prepared.prompt).not.toContain('alice@example.com');
    expect(ready.workspace?.prepared.privacy).toEqual({ email: 1 });
  });

  it('prepares without rules once there turns out to be no privacy.yaml', () => {
    const state = studioReducer(waitingForRules(), { type: 'file-unreadable', path: 'profiles/privacy.yaml', message: 'file not found', missing: true });
    expect(state.privacy?.status).toBe('absent');
    expect(state.workspace?.prepared.prompt).toContain('alice@example.com');
    expect(state.workspace?.prepared.privacy).toBeUndefined();
  });

  it('drops the workspaces, compared one included, when the rules turn invalid, and keeps no last good one', () => {
    let state = reduce(
      waitingForRules(),
      { type: 'file-read', path: 'profiles/privacy.yaml', text: RULES },
      { type: 'picker-opened', target: 'compare' },
      { type: 'picker-confirmed' },
      { type: 'file-read', path: 'profiles/beta.yaml', text: BETA_PROFILE },
    );
    expect(state.compare?.workspace).toBeDefined();
    state = studioReducer(state, { type: 'file-read', path: 'profiles/privacy.yaml', text: 'presets: [passport]\n' });
    expect(state.privacy?.problems[0]).toMatch(/^profiles\/privacy\.yaml:1:11 presets\[0\]/);
    expect(state.workspace).toBeUndefined();
    expect(state.compare?.workspace).toBeUndefined();
    // A profile saved meanwhile prepares nothing either.
    state = studioReducer(state, { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE });
    expect(state.workspace).toBeUndefined();
    state = studioReducer(state, { type: 'file-read', path: 'profiles/privacy.yaml', text: RULES });
    expect(state.workspace?.prepared.prompt).toContain('ALPHA-PRE');
    expect(state.compare?.workspace?.prepared.prompt).toContain('BETA-PRE');
  });
});

describe('studioReducer: navigation', () => {
  it('cycles the panes in both directions, wrapping around', () => {
    const state = preparedState();
    expect(reduce(state, { type: 'pane-cycled', step: 1 }).pane).toBe('context');
    expect(reduce(state, { type: 'pane-cycled', step: -1 }).pane).toBe('report');
    expect(reduce(state, { type: 'pane-shown', pane: 'prompt' }).pane).toBe('prompt');
  });

  it('scrolls the active pane only, and stops at the end of its content', () => {
    const state = reduce(preparedState(), { type: 'pane-shown', pane: 'prompt' }, { type: 'scrolled', command: 'page-down', viewport });
    expect(state.tops.prompt).toBe(3);
    expect(state.tops.events).toBe(0);
    expect(reduce(state, { type: 'scrolled', command: 'bottom', viewport }, { type: 'scrolled', command: 'line-down', viewport }).tops.prompt).toBe(6);
    expect(reduce(state, { type: 'scrolled', command: 'top', viewport }).tops.prompt).toBe(0);
  });

  it('jumps to the next and the previous kept event', () => {
    const state = reduce(preparedState(), { type: 'kept-event-sought', step: 1, viewport }, { type: 'kept-event-sought', step: 1, viewport });
    expect(state.tops.events).toBe(3);
    expect(reduce(state, { type: 'kept-event-sought', step: -1, viewport }).tops.events).toBe(2);
  });

  it('picks another profile from the list and starts over at the top', () => {
    const state = reduce(
      preparedState(),
      { type: 'scrolled', command: 'line-down', viewport },
      { type: 'picker-opened', target: 'profile' },
      { type: 'picker-moved', step: 1 },
      { type: 'picker-moved', step: 5 },
      { type: 'picker-confirmed' },
    );
    expect(state.overlay.kind).toBe('none');
    expect(state.profile).toMatchObject({ path: 'profiles/beta.yaml', status: 'loading' });
    expect(state.workspace).toBeUndefined();
    expect(state.tops.events).toBe(0);
  });

  it('opens the profile list on the selected profile', () => {
    const state = reduce(preparedState(), { type: 'picker-opened', target: 'session' });
    expect(state.overlay).toEqual({ kind: 'picker', target: 'session', index: 0 });
  });
});

describe('studioReducer: comparing two profiles', () => {
  it('offers only the other profiles and prepares both on the same session', () => {
    let state = reduce(preparedState(), { type: 'picker-opened', target: 'compare' });
    expect(state.overlay).toEqual({ kind: 'picker', target: 'compare', index: 0 });
    state = reduce(state, { type: 'picker-confirmed' }, { type: 'file-read', path: 'profiles/beta.yaml', text: BETA_PROFILE });
    expect(state.compare?.workspace?.prepared.prompt).toContain('BETA-PRE');
    expect(state.compare?.workspace?.sessionPath).toBe('sessions/checkout.json');
    expect(state.workspace?.prepared.prompt).toContain('ALPHA-PRE');
  });

  it('re-prepares both sides when the session changes', () => {
    let state = reduce(preparedState(), { type: 'picker-opened', target: 'compare' }, { type: 'picker-confirmed' }, { type: 'file-read', path: 'profiles/beta.yaml', text: BETA_PROFILE });
    state = reduce(state, { type: 'file-read', path: 'sessions/checkout.json', text: SESSION_JSON.replace('u-1:s-1', 'u-1:s-9') });
    expect(state.workspace?.prepared.sessionId).toBe('u-1:s-9');
    expect(state.compare?.workspace?.prepared.sessionId).toBe('u-1:s-9');
  });

  it('switches between prompts and answers and closes', () => {
    const state = reduce(preparedState(), { type: 'picker-opened', target: 'compare' }, { type: 'picker-confirmed' }, { type: 'compare-section-toggled' });
    expect(state.compare?.section).toBe('answer');
    expect(reduce(state, { type: 'compare-closed' }).compare).toBeUndefined();
  });
});

describe('studioReducer: models and runs', () => {
  it('ignores a token count made for an older revision of the prompt', () => {
    const state = preparedState();
    const revision = state.workspace?.revision ?? 0;
    expect(reduce(state, { type: 'tokens-counted', revision: revision - 1, count: { prompt: 5, method: 'count' } }).tokens).toBeUndefined();
    expect(reduce(state, { type: 'tokens-counted', revision, count: { prompt: 5, method: 'count' } }).tokens?.count?.prompt).toBe(5);
  });

  it('shows the Response pane when a run starts, unless the Diff pane is open', () => {
    const running = { type: 'run-started', run: { id: 1, pair: 'p', profilePath: 'profiles/alpha.yaml' } } as const;
    expect(reduce(preparedState(), running).pane).toBe('response');
    expect(reduce(preparedState(), { type: 'pane-shown', pane: 'diff' }, running).pane).toBe('diff');
  });

  it('stores the history of a finished run for its pair', () => {
    const pair = pairKey('profiles/alpha.yaml', 'sessions/checkout.json');
    const history = [run(1, 'a'), run(2, 'b')];
    const state = reduce(preparedState(), { type: 'run-started', run: { id: 7, pair, profilePath: 'profiles/alpha.yaml' } }, { type: 'run-finished', id: 7, pair, history });
    expect(state.running).toEqual([]);
    expect(state.histories[pair]).toBe(history);
  });

  it('drops the result of a cancelled run', () => {
    const pair = pairKey('profiles/alpha.yaml', 'sessions/checkout.json');
    const state = reduce(
      preparedState(),
      { type: 'run-started', run: { id: 7, pair, profilePath: 'profiles/alpha.yaml' } },
      { type: 'runs-cancelled' },
      { type: 'run-finished', id: 7, pair, history: [run(1, 'a')] },
    );
    expect(state.histories[pair]).toBeUndefined();
    expect(state.notice?.text).toBe('run cancelled');
  });

  it('does not let a slow history load overwrite the history of a newer run', () => {
    const pair = pairKey('profiles/alpha.yaml', 'sessions/checkout.json');
    const newer = [run(1, 'a'), run(2, 'b')];
    const state = reduce(
      preparedState(),
      { type: 'run-started', run: { id: 1, pair, profilePath: 'profiles/alpha.yaml' } },
      { type: 'run-finished', id: 1, pair, history: newer },
      { type: 'history-loaded', pair, history: [run(1, 'a')] },
    );
    expect(state.histories[pair]).toBe(newer);
  });
});
