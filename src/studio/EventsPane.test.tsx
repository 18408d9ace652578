import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { parseProfile, parseSession } from '../index.js';
import { buildWorkspace } from './build-workspace.js';
import { EventsPane } from './EventsPane.js';
import type { Workspace } from './studio-state.js';

afterEach(() => {
  cleanup();
});

const EVENTS = 50_000;

function longWorkspace(): Workspace {
  const start = Date.UTC(2026, 2, 1, 10);
  const events = Array.from({ length: EVENTS }, (_, index) => ({
    type: index % 3 === 0 ? 'element-seen' : 'click',
    timestamp: new Date(start + index * 100).toISOString(),
    target: { selector: `button#b${index}` },
  }));
  const session = parseSession(JSON.stringify({ id: 'u:s', events }));
  const profile = parseProfile('slice: { mode: LAST, event_limit: 100 }\nevents: { exclude_types: [element-seen] }\n');
  const slot = <T,>(path: string, value: T) => ({ path, status: 'valid' as const, text: '', value, problems: [], warnings: [] });
  const workspace = buildWorkspace(1, slot('p.yaml', profile), slot('s.json', session));
  if (workspace === undefined) throw new Error('no workspace');
  return workspace;
}

/** The workspace with a fate() that counts its calls. */
function counted(workspace: Workspace) {
  let calls = 0;
  const explanation = { ...workspace.explanation, fate: (index: number) => (calls++, workspace.explanation.fate(index)) };
  return { workspace: { ...workspace, explanation }, calls: () => calls, reset: () => (calls = 0) };
}

describe('EventsPane', () => {
  it('draws only the rows on screen for a 50,000-event session, and scrolling reads only the new rows', () => {
    const probe = counted(longWorkspace());
    const app = render(<EventsPane workspace={probe.workspace} top={0} rows={12} width={80} />);
    const lines = (app.lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[1]).toContain('kept 100 of 50,000');
    expect(lines.filter((line) => /^[●·] +\d+ \d\d:/.test(line))).toHaveLength(10);
    probe.reset();
    app.rerender(<EventsPane workspace={probe.workspace} top={49_990} rows={12} width={80} />);
    expect(probe.calls()).toBe(10);
    const scrolled = app.lastFrame() ?? '';
    expect(scrolled).toContain('rows 49,991–50,000');
    expect(scrolled).toMatch(/● 49999 .* kept +click/);
  });

  it('draws the session bar once per profile and session, not on every scroll', () => {
    const probe = counted(longWorkspace());
    const app = render(<EventsPane workspace={probe.workspace} top={0} rows={12} width={80} />);
    // The bar reads every event once; the rows read ten.
    expect(probe.calls()).toBe(EVENTS + 10);
    const bar = (app.lastFrame() ?? '').split('\n')[0] ?? '';
    // LAST with 100 events: only the very end of the session is kept.
    expect(bar).toMatch(/·+█▏/);
    probe.reset();
    app.rerender(<EventsPane workspace={probe.workspace} top={500} rows={12} width={80} />);
    expect(probe.calls()).toBe(10);
  });
});
