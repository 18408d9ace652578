// Loads suites with everything they point at (profile, fixtures), reporting every problem at once.

import path from 'node:path';
import { loadProfile } from '../profile/load-profile.js';
import { ProfileValidationError } from '../profile/profile-error.js';
import type { Profile } from '../profile/profile-schema.js';
import { loadSession } from '../session/load-session.js';
import { readUtf8File } from '../session/read-utf8-file.js';
import { SessionFixtureError } from '../session/session-error.js';
import type { Session } from '../session/session-schema.js';
import { parseSuite } from './parse-suite.js';
import { caseNameProblems } from './check-case-names.js';
import { SuiteValidationError } from './suite-error.js';
import type { Suite } from './suite-schema.js';
import { readFailure } from '../session/read-failure.js';
import { loadPrivacyRules, PRIVACY_FILE_NAME, type LoadedPrivacyRules } from '../privacy/load-privacy-rules.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';

/** A suite ready to run: its profile and every case's session loaded. */
export interface LoadedSuite {
  /** Absolute path of the suite file. */
  readonly file: string;
  /** The path as shown to people (relative to the working directory). */
  readonly displayFile: string;
  readonly suite: Suite;
  readonly caseLines: readonly number[];
  readonly profile: Profile;
  readonly profileFile: string;
  /** Privacy rules: `--privacy FILE`, else privacy.yaml next to the profile, else none. */
  readonly privacy?: LoadedPrivacyRules | undefined;
  /** Sessions by the case's `session` path as written. */
  readonly sessions: ReadonlyMap<string, Session>;
  /** Likely typos in the profile (`file:line:col path: warning: ...`), for the command to show. */
  readonly warnings: readonly string[];
}

/** Suites that cannot run: each problem as it would be printed (`file:line:col ...`). */
export class SuiteLoadError extends Error {
  readonly code = 'invalid_suite';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'SuiteLoadError';
    this.problems = problems;
  }
}

const known = (error: unknown): error is SuiteValidationError | ProfileValidationError | SessionFixtureError =>
  error instanceof SuiteValidationError || error instanceof ProfileValidationError || error instanceof SessionFixtureError;

/** What every suite of a run shares. */
export interface LoadSuitesOptions {
  /** `--privacy FILE`: rules for every suite, instead of each profile's privacy.yaml. */
  readonly privacy?: string | undefined;
}

async function loadOne(file: string, cwd: string, options: LoadSuitesOptions): Promise<LoadedSuite> {
  const displayFile = path.relative(cwd, file) || file;
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (error) {
    const reason = readFailure(error);
    throw new SuiteValidationError([{ path: '', message: reason, line: 1, column: 1 }], displayFile);
  }
  const { suite, caseLines, references, locate } = parseSuite(text, displayFile);
  const directory = path.dirname(file);
  const shown = (target: string) => path.relative(cwd, path.resolve(directory, target)) || target;
  const problems: string[] = [];
  const profileFile = path.resolve(directory, suite.profile);
  const warnings: string[] = [];
  const profile = await loadProfile(profileFile, { source: shown(suite.profile), onWarnings: (found) => warnings.push(...found) }).catch((error: unknown) => {
    if (!known(error)) throw error;
    // Where the suite refers to the file, then the file's own problems.
    problems.push(`${references.profile} profile: ${suite.profile} cannot be used:`, error.message);
    return undefined;
  });
  // A privacy rule is never silently skipped: rules that do not load stop the run.
  let rulesFailed = false;
  const privacy = await loadPrivacyRules(cwd, shown(suite.profile), options.privacy).catch((error: unknown) => {
    if (!(error instanceof PrivacyRulesError)) throw error;
    problems.push(error.message);
    rulesFailed = true;
    return undefined;
  });
  const privacyProblem = problems.length > 0 ? undefined : suite.cases.findIndex((testCase) => testCase.prompt?.privacy !== undefined);
  if (privacy === undefined && privacyProblem !== undefined && privacyProblem >= 0) {
    const beside = path.join(path.dirname(shown(suite.profile)), PRIVACY_FILE_NAME);
    problems.push(
      `${displayFile}:${caseLines[privacyProblem] ?? 1} cases[${privacyProblem}].prompt.privacy: no privacy rules apply to ${suite.profile} (no ${beside}, and no --privacy FILE)`,
    );
  }
  const sessions = new Map<string, Session>();
  const failedSessions = new Set<string>();
  for (const [index, testCase] of suite.cases.entries()) {
    if (sessions.has(testCase.session) || failedSessions.has(testCase.session)) continue;
    try {
      sessions.set(testCase.session, await loadSession(path.resolve(directory, testCase.session), { source: shown(testCase.session), quoteValues: privacy === undefined && !rulesFailed }));
    } catch (error) {
      if (!known(error)) throw error;
      failedSessions.add(testCase.session);
      problems.push(`${references.sessions[index] ?? displayFile} cases[${index}].session: ${testCase.session} cannot be used:`, error.message);
    }
  }
  if (problems.length === 0) problems.push(...caseNameProblems(suite.cases, sessions, privacy, locate));
  // The rule-based model cannot fill a response schema: every answer assertion would fail, which is
  // the suite's mistake (as `recap run` says with exit 2), not a regression.
  if (suite.provider === 'extractive' && profile?.llm?.response_schema !== undefined && suite.cases.some((testCase) => testCase.expect !== undefined)) {
    problems.push(
      `${references.provider} provider: extractive cannot answer ${suite.profile}, whose llm.response_schema needs a language model: choose gemini or openai (answers are replayed from cassettes in CI), or keep only prompt assertions`,
    );
  }
  if (problems.length > 0 || profile === undefined) throw new SuiteLoadError(problems);
  return { file, displayFile, suite, caseLines, profile, profileFile, privacy, sessions, warnings };
}

/** Loads every suite; throws {@link SuiteLoadError} listing every problem in every file. */
export async function loadSuites(files: readonly string[], cwd: string, options: LoadSuitesOptions = {}): Promise<LoadedSuite[]> {
  const loaded: LoadedSuite[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      loaded.push(await loadOne(file, cwd, options));
    } catch (error) {
      if (error instanceof SuiteLoadError) problems.push(...error.problems);
      else if (known(error)) problems.push(error.message);
      else throw error;
    }
  }
  if (problems.length > 0) throw new SuiteLoadError(problems);
  return loaded;
}
