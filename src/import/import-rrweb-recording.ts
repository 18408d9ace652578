// Imports one rrweb recording: streams it, derives each window's events, merges them in time order
// and returns a fixture that passes the session schema. The file is the only IO, at the edge.

import { open } from 'node:fs/promises';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import type { PrivacyCounts } from '../privacy/redact-text.js';
import { safeParseSession } from '../session/parse-session.js';
import type { SessionFixture } from '../session/session-schema.js';
import { buildFixture } from './build-fixture.js';
import { withClipRedaction } from './clip-text.js';
import { compareDerived } from './derived-event.js';
import { EventDeriver, type DerivedRecording } from './event-deriver.js';
import { ImportWarnings, type ImportWarning } from './import-warnings.js';
import { readRecording, type RecordingSummary } from './read-recording.js';
import { RrwebImportError } from './rrweb-import-error.js';
import { sessionIdFor } from './session-id-for.js';
import { readFailure } from '../session/read-failure.js';

export interface ImportRrwebOptions {
  /** How the recording is named in messages and in the session id (default: the file path). */
  readonly source?: string;
  /** `user.uid` of the fixture and the user part of its id. */
  readonly uid?: string | undefined;
  /** `user.email` of the fixture; the user part of its id when there is no uid. */
  readonly email?: string | undefined;
  /** Privacy rules: block selectors matched against the mirrored page, then the fixture redacted as `recap run` redacts a session. */
  readonly privacy?: PrivacyRules | undefined;
}

export interface ImportRrwebResult {
  readonly fixture: SessionFixture;
  readonly warnings: readonly ImportWarning[];
  /** With privacy rules: how many replacements each rule made (`blocked` counts events). */
  readonly privacy?: PrivacyCounts;
  readonly recording: RecordingSummary & { readonly windows: number };
}

/** Imports a recording from a stream of its bytes; `options.source` names it. */
export async function importRrwebStream(
  input: AsyncIterable<Buffer | string>,
  options: ImportRrwebOptions & { readonly source: string },
): Promise<ImportRrwebResult> {
  const { source } = options;
  // The mirror's selector engine and the redaction load only for an import with rules.
  const privacy = options.privacy === undefined ? undefined : (await import('./import-privacy.js')).importPrivacy(options.privacy);
  const warnings = new ImportWarnings();
  const derivers = new Map<string | undefined, EventDeriver>();
  const summary = await readRecording(
    input,
    source,
    (event, position) => {
      let deriver = derivers.get(position.window);
      if (deriver === undefined) {
        deriver = new EventDeriver(warnings, { window: position.window, block: privacy?.block, field: privacy?.field });
        derivers.set(position.window, deriver);
      }
      const current = deriver;
      withClipRedaction(privacy?.clip, () => current.push(event, position));
    },
    warnings,
  );
  const windows: DerivedRecording[] = [...derivers.values()].map((deriver) => withClipRedaction(privacy?.clip, () => deriver.finish()));
  const firstTimes = windows.map((window) => window.firstTime).filter((time): time is number => time !== undefined);
  if (firstTimes.length > 0) warnOfEarlyTimes(Math.min(...firstTimes), warnings);
  const events = windows.flatMap((window) => window.events).sort(compareDerived);
  const built = buildFixture(
    {
      events,
      firstTime: firstTimes.length === 0 ? undefined : Math.min(...firstTimes),
      viewport: windows.find((window) => window.viewport !== undefined)?.viewport,
    },
    { sessionId: sessionIdFor(source, summary.digest), uid: options.uid, email: options.email },
  );
  const redacted = privacy?.redact(built, events);
  const fixture = redacted?.fixture ?? built;
  // The fixture must load exactly as a hand-written one would; anything else is a bug here.
  const checked = safeParseSession(fixture, { source });
  if (!checked.success) {
    throw new RrwebImportError('invalid_fixture', source, `the imported fixture breaks the fixture schema (a recap bug; please report it):\n${checked.error.message}`);
  }
  const result = { fixture, warnings: warnings.list(), recording: { ...summary, windows: derivers.size } };
  return redacted === undefined ? result : { ...result, privacy: redacted.counts };
}

/** 2000-01-01T00:00:00Z: rrweb (2018) never recorded earlier, so an earlier date is a unit slip. */
const YEAR_2000_MS = Date.UTC(2000, 0, 1);

/**
 * A warning for a recording dated before 2000: rrweb's timestamps are milliseconds since 1970, and
 * a recording whose first event read as seconds would fall between 2000 and 2286 came from a tool
 * that writes seconds. Either way every millisecond window of the import (dead, error and rage
 * clicks) is wrong by the same factor.
 */
function warnOfEarlyTimes(firstTime: number, warnings: ImportWarnings): void {
  if (firstTime >= YEAR_2000_MS) return;
  const dated = new Date(firstTime).toISOString();
  const asSeconds = firstTime * 1000;
  const message =
    asSeconds >= YEAR_2000_MS && asSeconds < Date.UTC(2286, 0, 1)
      ? `the timestamps look like seconds, not the milliseconds rrweb records: the first event is dated ${dated} (read as seconds: ${new Date(asSeconds).toISOString()}); the click windows (dead, error, rage clicks) are then 1,000 times too long: multiply the timestamps by 1000 and import again`
      : `the first event is dated ${dated}, before 2000: rrweb records milliseconds since 1970, so the timestamps are probably in another unit or from another clock`;
  warnings.add('timestamps-before-2000', message);
}

/** Imports the recording in `file`. Throws {@link RrwebImportError} naming the file and position. */
export async function importRrwebFile(file: string, options: ImportRrwebOptions = {}): Promise<ImportRrwebResult> {
  const source = options.source ?? file;
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new RrwebImportError('unreadable', source, readFailure(error), { cause: error });
  }
  try {
    return await importRrwebStream(handle.createReadStream({ highWaterMark: 64 * 1024, autoClose: false }), { ...options, source });
  } finally {
    await handle.close();
  }
}
