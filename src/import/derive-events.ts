// Derives the recap events of a list of rrweb events in one call, for tests and small inputs.

import { EventDeriver, type DerivedRecording, type EventDeriverOptions } from './event-deriver.js';
import type { ImportWarnings } from './import-warnings.js';
import type { RrwebEvent } from './rrweb-vocabulary.js';

/** The events of one window, derived from `events` in order. */
export function deriveEvents(events: readonly RrwebEvent[], warnings: ImportWarnings, options: EventDeriverOptions = {}): DerivedRecording {
  const deriver = new EventDeriver(warnings, options);
  events.forEach((event, index) => deriver.push(event, { index, window: options.window }));
  return deriver.finish();
}
