// Runs the deriver over a built recording and returns its events in a form tests read easily:
// `{ type, at: <ms after START>, ...fields }`, plus the warnings.

import { deriveEvents } from '../derive-events.js';
import type { EventDeriverOptions } from '../event-deriver.js';
import { ImportWarnings, type ImportWarning } from '../import-warnings.js';
import type { RrwebEvent } from '../rrweb-vocabulary.js';
import { START, type RecordingBuilder } from './recording-builder.js';

export type TestEvent = { readonly type: string; readonly at: number } & Record<string, unknown>;

export interface DerivedForTest {
  readonly events: TestEvent[];
  readonly warnings: ImportWarning[];
  readonly viewport: { readonly width: number; readonly height: number } | undefined;
}

export function derive(recording: RecordingBuilder | readonly RrwebEvent[], options: EventDeriverOptions = {}): DerivedForTest {
  const warnings = new ImportWarnings();
  const events = Array.isArray(recording) ? recording : (recording as RecordingBuilder).events;
  const result = deriveEvents(events as readonly RrwebEvent[], warnings, options);
  return {
    events: result.events.map((event) => ({ type: event.type, at: event.time - START, ...event.fields })),
    warnings: warnings.list(),
    viewport: result.viewport,
  };
}

/** The types of the derived events, in order. */
export const typesOf = (derived: DerivedForTest): string[] => derived.events.map((event) => event.type);

/** The derived events of one type. */
export const ofType = (derived: DerivedForTest, type: string): TestEvent[] => derived.events.filter((event) => event.type === type);
