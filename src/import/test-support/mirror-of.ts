// A DomMirror loaded with the page a RecordingBuilder serialized, for selector and text tests.

import { DomMirror } from '../dom-mirror.js';
import { ImportWarnings } from '../import-warnings.js';
import { RecordingBuilder, type Child } from './recording-builder.js';

export function mirrorOf(...body: Child[]): { mirror: DomMirror; recording: RecordingBuilder; warnings: ImportWarnings } {
  const warnings = new ImportWarnings();
  const recording = new RecordingBuilder().page(0, { href: 'https://x.example/', title: 'Page', body });
  const mirror = new DomMirror(warnings);
  mirror.loadSnapshot((recording.events[1]!.data as { node: unknown }).node, { index: 1 });
  return { mirror, recording, warnings };
}
