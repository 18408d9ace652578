// Prompt assertions (see docs/suites.md): checked on the prepared request, with no model call.

import type { PreparedRequest } from '../pipeline/prepare.js';
import type { Session } from '../session/session-schema.js';
import { eventKey } from '../session/event-key.js';
import { failed, passed, type AssertionResult } from './assertion-result.js';
import { checkPrivacy } from './check-privacy.js';
import { lineDiff } from './line-diff.js';
import { readFailure } from '../session/read-failure.js';
import type { SnapshotStore } from './snapshot-store.js';
import type { PromptAssertions } from './suite-schema.js';
import { textPattern } from './text-pattern.js';
import { sighting, sightingNote } from './text-views.js';

export interface SnapshotPolicy {
  readonly store: SnapshotStore;
  readonly caseName: string;
  /** `--update`: rewrite snapshots that differ. */
  readonly update: boolean;
  /** In CI a missing snapshot fails instead of being written. */
  readonly ci: boolean;
  /** The command that writes it, for messages. */
  readonly updateCommand: string;
}

function listFailures(id: string, items: readonly string[], test: (item: string) => boolean, describe: (item: string) => string): AssertionResult[] {
  return items.map((item, index) =>
    test(item) ? passed(`${id}[${index}]`, describe(item)) : failed(`${id}[${index}]`, describe(item), { expected: item }),
  );
}

/** The snapshot assertion; a snapshot that cannot be read or written fails it, naming the file (the other cases still run). */
async function checkSnapshot(prompt: string, policy: SnapshotPolicy): Promise<AssertionResult> {
  try {
    return await compareWithSnapshot(prompt, policy);
  } catch (error) {
    return failed('prompt.snapshot', `the snapshot ${policy.store.file(policy.caseName)} cannot be used: ${readFailure(error)}`);
  }
}

async function compareWithSnapshot(prompt: string, policy: SnapshotPolicy): Promise<AssertionResult> {
  const id = 'prompt.snapshot';
  const file = policy.store.file(policy.caseName);
  const stored = await policy.store.read(policy.caseName);
  if (stored === undefined) {
    if (policy.ci && !policy.update) {
      return failed(id, `no snapshot at ${file}; write it with: ${policy.updateCommand}`);
    }
    await policy.store.write(policy.caseName, prompt);
    return passed(id, `snapshot written to ${file}`);
  }
  if (stored === prompt) return passed(id, `the prompt matches ${file}`);
  if (policy.update) {
    await policy.store.write(policy.caseName, prompt);
    return passed(id, `snapshot updated: ${file}`);
  }
  return failed(id, `the prompt differs from ${file} (accept it with: ${policy.updateCommand})`, {
    diff: lineDiff(stored, prompt),
  });
}

/** Every prompt assertion of a case, in the order written. */
export async function checkPrompt(
  prepared: PreparedRequest,
  assertions: PromptAssertions,
  snapshot: SnapshotPolicy,
  /** The session as recorded, before privacy rules (for `redacts`). */
  recorded?: Session,
): Promise<AssertionResult[]> {
  const results: AssertionResult[] = [];
  const keptKeys = new Set(prepared.events.kept.map(({ event }) => eventKey(event)));
  if (assertions.includes_types !== undefined) {
    results.push(
      ...listFailures('prompt.includes_types', assertions.includes_types, (key) => keptKeys.has(key), (key) =>
        keptKeys.has(key) ? `a kept event has key "${key}"` : `no kept event has key "${key}"`,
      ),
    );
  }
  if (assertions.excludes_types !== undefined) {
    results.push(
      ...listFailures('prompt.excludes_types', assertions.excludes_types, (key) => !keptKeys.has(key), (key) => {
        const count = prepared.events.kept.filter(({ event }) => eventKey(event) === key).length;
        return count === 0 ? `no kept event has key "${key}"` : `${count} kept event(s) have key "${key}"`;
      }),
    );
  }
  assertions.contains?.forEach((source, index) => {
    const id = `prompt.contains[${index}]`;
    const found = textPattern(source).test(prepared.prompt);
    const message = `the prompt ${found ? 'contains' : 'does not contain'} ${JSON.stringify(source)}`;
    results.push(found ? passed(id, message) : failed(id, message, { expected: source }));
  });
  // Absent also in the forms a reader takes for it (text-views.ts); quoted values as written, since
  // suites check the quoting itself (`/\n(System|Assistant):/`): `redacts` looks through it.
  assertions.not_contains?.forEach((source, index) => {
    const id = `prompt.not_contains[${index}]`;
    const seen = sighting(source, prepared.prompt);
    results.push(
      seen === undefined
        ? passed(id, `the prompt does not contain ${JSON.stringify(source)}`)
        : failed(id, `the prompt contains ${JSON.stringify(source)}${sightingNote(seen)}`, { expected: source }),
    );
  });
  if (assertions.kept_events !== undefined) {
    const { min, max } = assertions.kept_events;
    const count = prepared.events.kept.length;
    const ok = (min === undefined || count >= min) && (max === undefined || count <= max);
    const range = `${min ?? 0}..${max ?? '∞'}`;
    const message = `${count} events kept (expected ${range})`;
    results.push(ok ? passed('prompt.kept_events', message) : failed('prompt.kept_events', message, { expected: range, actual: count }));
  }
  if (assertions.max_tokens !== undefined) {
    const tokens = prepared.tokens.prompt;
    const message = `~${tokens} prompt tokens (${prepared.tokens.method}; at most ${assertions.max_tokens})`;
    results.push(
      tokens <= assertions.max_tokens
        ? passed('prompt.max_tokens', message)
        : failed('prompt.max_tokens', message, { expected: assertions.max_tokens, actual: tokens }),
    );
  }
  if (assertions.context !== undefined) {
    const included = new Set(Object.keys(prepared.context.included));
    assertions.context.include?.forEach((element, index) => {
      const id = `prompt.context.include[${index}]`;
      results.push(included.has(element) ? passed(id, `context ${element} is in the prompt`) : failed(id, `context ${element} is not in the prompt`));
    });
    assertions.context.exclude?.forEach((element, index) => {
      const id = `prompt.context.exclude[${index}]`;
      results.push(!included.has(element) ? passed(id, `context ${element} is not in the prompt`) : failed(id, `context ${element} is in the prompt`));
    });
  }
  if (recorded !== undefined) results.push(...checkPrivacy(prepared, recorded, assertions));
  if (assertions.snapshot === true) results.push(await checkSnapshot(prepared.prompt, snapshot));
  return results;
}
