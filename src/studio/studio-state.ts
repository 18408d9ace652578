// The studio's state: plain data, changed only by studioReducer.

import type { EventExplanation, FixtureText, PreparedRequest, PrivacyRules, Profile, ReportData, Session, TokenCount } from '../index.js';
import type { PromptLines } from './prompt-lines.js';
import type { RunRecord } from './run-record.js';

export const PANES = ['events', 'context', 'prompt', 'response', 'diff', 'report'] as const;
export type PaneName = (typeof PANES)[number];

export const PANE_TITLES: Readonly<Record<PaneName, string>> = {
  events: 'Events',
  context: 'Context',
  prompt: 'Prompt',
  response: 'Response',
  diff: 'Diff',
  report: 'Report',
};

/** A profile or session file, named as the user sees it (relative to the working directory). */
export interface StudioFile {
  readonly name: string;
  readonly path: string;
}

/** A file being edited: its latest text and the last version of it that was valid. */
export interface FileSlot<T> {
  readonly path: string;
  readonly status: 'loading' | 'valid' | 'invalid';
  readonly text: string | undefined;
  /** The last valid content; kept while the file is invalid. */
  readonly value: T | undefined;
  /** `file:line:col field: message` (profiles) or `file: path: message` (sessions). */
  readonly problems: readonly string[];
  readonly warnings: readonly string[];
}

export type ProfileSlot = FileSlot<Profile>;
export type SessionSlot = FileSlot<Session> & {
  /** The last valid text, parsed: the next save is parsed by difference from it. */
  readonly parsed?: FixtureText | undefined;
  /** Whether the problems of an invalid text quote the values they find wrong (see quotesValues). */
  readonly quotedValues?: boolean | undefined;
};

/**
 * The privacy rules file: `--privacy FILE`, else privacy.yaml beside the profiles. Unlike a
 * profile, rules that turn invalid keep no last good version: nothing of the session is shown or
 * sent until they are fixed (a privacy rule is never silently skipped).
 */
export interface PrivacySlot {
  readonly path: string;
  /** Named with --privacy: a missing file is a problem, not "no rules". */
  readonly required: boolean;
  /** `absent`: there is no privacy.yaml beside the profiles, so no rules apply. */
  readonly status: 'loading' | 'absent' | 'valid' | 'invalid';
  readonly text: string | undefined;
  /** The compiled rules, only while valid. */
  readonly rules: PrivacyRules | undefined;
  /** `file:line:col field: message`, as `recap run` reports them. */
  readonly problems: readonly string[];
}

/** Everything derived from one valid profile and one valid session. */
export interface Workspace {
  /** Grows with every re-preparation; asynchronous results name the revision they belong to. */
  readonly revision: number;
  readonly profilePath: string;
  readonly sessionPath: string;
  readonly profile: Profile;
  /** The session with the privacy rules applied: every pane, and the model, see only this. */
  readonly session: Session;
  /** The session as recorded, which `prepare` builds on (never shown). */
  readonly recorded: Session;
  /** The model request; `privacy` counts what the rules replaced in what the prompt can show. */
  readonly prepared: PreparedRequest;
  /** Matches the placeholders the rules put in (`[email]`, `[order]`); undefined when none did. */
  readonly placeholders: RegExp | undefined;
  readonly explanation: EventExplanation;
  readonly promptLines: PromptLines;
}

export type PickerTarget = 'profile' | 'session' | 'compare';

export type Overlay =
  | { readonly kind: 'none' }
  | { readonly kind: 'help' }
  | { readonly kind: 'picker'; readonly target: PickerTarget; readonly index: number };

export type ModelStatus =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly provider: string; readonly model: string; readonly kind: 'language-model' | 'rule-based'; readonly counts: boolean }
  | { readonly status: 'unavailable'; readonly provider: string; readonly message: string };

/** A vendor token count (or its failure) for one workspace revision. */
export interface VendorTokens {
  readonly revision: number;
  readonly count?: TokenCount | undefined;
  readonly failure?: string | undefined;
}

export interface ActiveRun {
  readonly id: number;
  readonly pair: string;
  readonly profilePath: string;
}

export type CompareSection = 'prompt' | 'answer';

/** A second profile on the same session, shown beside the selected one. */
export interface CompareState {
  readonly profile: ProfileSlot;
  readonly workspace: Workspace | undefined;
  readonly section: CompareSection;
  readonly top: number;
}

/** A session of an all-sessions run that failed, with its line's error. */
export interface AllSessionsFailure {
  readonly file: string;
  readonly code: string;
  readonly message: string;
}

/**
 * The profile over every session of the sessions folder (`A`), kept in memory only: the counts
 * the progress line shows, the failures, and the report built from the lines so far.
 */
export interface AllSessionsRun {
  readonly id: number;
  readonly profilePath: string;
  readonly sessionsFolder: string;
  /** Session files in the folder when the run started. */
  readonly total: number;
  /** Sessions with a line, a result or an error. */
  readonly done: number;
  readonly failed: number;
  /** Tokens of the results so far. */
  readonly tokens: number;
  /** `stopped`: the run could not go on (the model could not be built, or refuses the profile). */
  readonly status: 'running' | 'finished' | 'cancelled' | 'stopped';
  readonly failures: readonly AllSessionsFailure[];
  /** Undefined until the first report is built. */
  readonly report: ReportData | undefined;
  /** Why a stopped run stopped. */
  readonly message?: string | undefined;
}

export interface Notice {
  readonly text: string;
  readonly tone: 'info' | 'error';
}

export interface StudioState {
  readonly profiles: readonly StudioFile[];
  readonly sessions: readonly StudioFile[];
  readonly profile: ProfileSlot | undefined;
  readonly session: SessionSlot | undefined;
  /** Undefined when no rules file is looked for (the studio always looks for one). */
  readonly privacy: PrivacySlot | undefined;
  readonly workspace: Workspace | undefined;
  readonly revision: number;
  readonly pane: PaneName;
  /** First visible line (row for Events) of each pane. */
  readonly tops: Readonly<Record<PaneName, number>>;
  readonly overlay: Overlay;
  readonly model: ModelStatus;
  readonly tokens: VendorTokens | undefined;
  readonly running: readonly ActiveRun[];
  /** Runs by pair key (see pairKey), oldest first. */
  readonly histories: Readonly<Record<string, readonly RunRecord[]>>;
  readonly compare: CompareState | undefined;
  readonly notice: Notice | undefined;
  /** True while $EDITOR has the terminal. */
  readonly editing: boolean;
  /** The cited event `f` went to last; the next `f` goes to the one after it. */
  readonly citedEvent?: number | undefined;
  /** The latest run over all sessions (`A`), running or ended. */
  readonly allSessions?: AllSessionsRun | undefined;
}

/** Every pane at its top. */
export const NO_SCROLL: Readonly<Record<PaneName, number>> = { events: 0, context: 0, prompt: 0, response: 0, diff: 0, report: 0 };

/** `privacy`: the rules file, still to be read; nothing is prepared before it is. */
export function initialStudioState(privacy?: PrivacySlot): StudioState {
  return {
    profiles: [],
    sessions: [],
    profile: undefined,
    session: undefined,
    privacy,
    workspace: undefined,
    revision: 0,
    pane: 'events',
    tops: NO_SCROLL,
    overlay: { kind: 'none' },
    model: { status: 'loading' },
    tokens: undefined,
    running: [],
    histories: {},
    compare: undefined,
    notice: undefined,
    editing: false,
    citedEvent: undefined,
    allSessions: undefined,
  };
}


/** The key of a profile + session pair in `histories` and in runs. */
export function pairKey(profilePath: string, sessionPath: string): string {
  return `${profilePath}\n${sessionPath}`;
}
