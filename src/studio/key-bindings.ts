// The key-binding table: every key the studio understands, the named command it triggers, and
// where. The help overlay is generated from the same rows; docs/studio.md's key table lists them.

/** The commands keys can trigger; Studio.tsx turns each into an action or an effect. */
export type StudioCommand =
  | 'quit'
  | 'help'
  | 'back'
  | 'next-pane'
  | 'previous-pane'
  | 'show-events'
  | 'show-context'
  | 'show-prompt'
  | 'show-response'
  | 'show-diff'
  | 'show-report'
  | 'line-up'
  | 'line-down'
  | 'page-up'
  | 'page-down'
  | 'top'
  | 'bottom'
  | 'next-kept'
  | 'previous-kept'
  | 'next-cited'
  | 'pick-profile'
  | 'pick-session'
  | 'confirm'
  | 'run'
  | 'all-sessions'
  | 'edit-profile'
  | 'compare'
  | 'compare-section';

/** Which keys are live: the panes, a picker list, the help overlay or the side-by-side compare. */
export type InputMode = 'panes' | 'picker' | 'help' | 'compare';

/** The key fields the table reads; Ink's `Key` has them all. */
export interface KeyPress {
  readonly upArrow: boolean;
  readonly downArrow: boolean;
  readonly pageUp: boolean;
  readonly pageDown: boolean;
  readonly home: boolean;
  readonly end: boolean;
  readonly return: boolean;
  readonly escape: boolean;
  readonly tab: boolean;
  readonly shift: boolean;
  readonly ctrl: boolean;
  readonly meta: boolean;
}

type SpecialKey = 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'tab';

/** A character (`q`), a special key, or a special key with Shift; `ctrl` for Ctrl+letter. */
export type KeyMatcher =
  | { readonly input: string; readonly ctrl?: boolean }
  | { readonly key: SpecialKey; readonly shift?: boolean };

export interface KeyBinding {
  readonly command: StudioCommand;
  readonly keys: readonly KeyMatcher[];
  /** How the help shows the keys, e.g. `↑ k`. */
  readonly label: string;
  readonly description: string;
  readonly modes: readonly InputMode[];
  /** Bindings of one group share a row in the help (so it fits 80×24). */
  readonly group?: keyof typeof HELP_GROUPS;
}

/** The help's wording for grouped bindings. */
export const HELP_GROUPS = {
  panes: 'next / previous pane',
  jump: 'jump to Events, Context, Prompt, Response, Diff, Report',
  line: 'scroll (move in a list)',
  page: 'page up / down',
  ends: 'top / bottom',
  kept: 'Events: next / previous kept event, next cited one',
  pick: 'pick a profile / a session',
} as const;

const ALL: readonly InputMode[] = ['panes', 'picker', 'help', 'compare'];
const SCROLLING: readonly InputMode[] = ['panes', 'compare'];

export const KEY_BINDINGS: readonly KeyBinding[] = [
  { command: 'next-pane', keys: [{ key: 'tab' }], label: 'Tab', description: 'next pane', modes: ['panes'], group: 'panes' },
  { command: 'previous-pane', keys: [{ key: 'tab', shift: true }], label: 'Shift+Tab', description: 'previous pane', modes: ['panes'], group: 'panes' },
  { command: 'show-events', keys: [{ input: '1' }], label: '1', description: 'Events: every event, kept or why dropped', modes: ['panes'], group: 'jump' },
  { command: 'show-context', keys: [{ input: '2' }], label: '2', description: 'Context: included and excluded elements', modes: ['panes'], group: 'jump' },
  { command: 'show-prompt', keys: [{ input: '3' }], label: '3', description: 'Prompt: the exact prompt', modes: ['panes'], group: 'jump' },
  { command: 'show-response', keys: [{ input: '4' }], label: '4', description: "Response: the model's answer", modes: ['panes'], group: 'jump' },
  { command: 'show-diff', keys: [{ input: '5' }], label: '5', description: 'Diff: prompt and answer against the previous run', modes: ['panes'], group: 'jump' },
  { command: 'show-report', keys: [{ input: '6' }], label: '6', description: 'Report: the totals of the latest run over all sessions', modes: ['panes'], group: 'jump' },
  { command: 'line-up', keys: [{ key: 'upArrow' }, { input: 'k' }], label: '↑ k', description: 'scroll up (move up in a list)', modes: ['panes', 'compare', 'picker'], group: 'line' },
  { command: 'line-down', keys: [{ key: 'downArrow' }, { input: 'j' }], label: '↓ j', description: 'scroll down (move down in a list)', modes: ['panes', 'compare', 'picker'], group: 'line' },
  { command: 'page-up', keys: [{ key: 'pageUp' }, { input: 'b' }], label: 'PgUp b', description: 'page up', modes: SCROLLING, group: 'page' },
  { command: 'page-down', keys: [{ key: 'pageDown' }, { input: ' ' }], label: 'PgDn Space', description: 'page down', modes: SCROLLING, group: 'page' },
  { command: 'top', keys: [{ key: 'home' }, { input: 'g' }], label: 'Home g', description: 'go to the top', modes: SCROLLING, group: 'ends' },
  { command: 'bottom', keys: [{ key: 'end' }, { input: 'G' }], label: 'End G', description: 'go to the bottom', modes: SCROLLING, group: 'ends' },
  { command: 'next-kept', keys: [{ input: 'n' }], label: 'n', description: 'Events: next kept event', modes: ['panes'], group: 'kept' },
  { command: 'previous-kept', keys: [{ input: 'N' }], label: 'N', description: 'Events: previous kept event', modes: ['panes'], group: 'kept' },
  { command: 'next-cited', keys: [{ input: 'f' }], label: 'f', description: 'Events: next event the answer cites (round)', modes: ['panes'], group: 'kept' },
  { command: 'pick-profile', keys: [{ input: 'p' }], label: 'p', description: 'pick a profile', modes: ['panes'], group: 'pick' },
  { command: 'pick-session', keys: [{ input: 's' }], label: 's', description: 'pick a session', modes: ['panes', 'compare'], group: 'pick' },
  { command: 'confirm', keys: [{ key: 'return' }], label: 'Enter', description: 'choose the highlighted file', modes: ['picker'] },
  { command: 'run', keys: [{ input: 'r' }], label: 'r', description: 'run the model (both profiles when comparing)', modes: SCROLLING },
  {
    command: 'all-sessions',
    keys: [{ input: 'A' }],
    label: 'A',
    description: 'run the profile over every session of the folder (A again cancels)',
    modes: ['panes'],
  },
  { command: 'back', keys: [{ key: 'escape' }], label: 'Esc', description: 'cancel the run, close a list, the help or the comparison', modes: ALL },
  { command: 'edit-profile', keys: [{ input: 'e' }], label: 'e', description: 'edit the profile in $EDITOR', modes: ['panes'] },
  { command: 'compare', keys: [{ input: 'c' }], label: 'c', description: 'compare with another profile side by side (c again closes)', modes: SCROLLING },
  { command: 'compare-section', keys: [{ key: 'tab' }], label: 'Tab', description: 'Compare: switch between prompts and answers', modes: ['compare'] },
  { command: 'help', keys: [{ input: '?' }], label: '?', description: 'show or hide this help', modes: ALL },
  { command: 'quit', keys: [{ input: 'q' }, { input: 'c', ctrl: true }], label: 'q Ctrl+C', description: 'quit', modes: ALL },
];

function matches(matcher: KeyMatcher, input: string, key: KeyPress): boolean {
  if ('input' in matcher) return input === matcher.input && key.ctrl === (matcher.ctrl ?? false);
  return key[matcher.key] && key.shift === (matcher.shift ?? false);
}

/** The command `input` + `key` triggers in `mode`, if any. */
export function commandForKey(input: string, key: KeyPress, mode: InputMode): StudioCommand | undefined {
  for (const binding of KEY_BINDINGS) {
    if (!binding.modes.includes(mode)) continue;
    if (binding.keys.some((matcher) => matches(matcher, input, key))) return binding.command;
  }
  return undefined;
}

export interface HelpRow {
  readonly keys: string;
  readonly description: string;
}

/** One row per binding, bindings of a group merged: `1 2 3 4 5  jump to Events, …`. */
export function helpRows(bindings: readonly KeyBinding[] = KEY_BINDINGS): HelpRow[] {
  const rows: { keys: string[]; description: string }[] = [];
  const groups = new Map<string, { keys: string[]; description: string }>();
  for (const binding of bindings) {
    const existing = binding.group === undefined ? undefined : groups.get(binding.group);
    if (existing !== undefined) {
      existing.keys.push(binding.label);
      continue;
    }
    const row = { keys: [binding.label], description: binding.group === undefined ? binding.description : HELP_GROUPS[binding.group] };
    if (binding.group !== undefined) groups.set(binding.group, row);
    rows.push(row);
  }
  return rows.map((row) => ({ keys: row.keys.join(' '), description: row.description }));
}
