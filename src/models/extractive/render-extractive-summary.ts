// Words a SessionFacts as a short plain-text summary that says what it is.

import type { SessionEvent } from '../../session/session-schema.js';
import type { PageVisit, SessionFacts, Signal } from './session-facts.js';

const SIGNAL_NAMES: Record<string, [string, string]> = {
  'rage-click': ['rage click', 'rage clicks'],
  'dead-click': ['dead click', 'dead clicks'],
  'error-click': ['error click', 'error clicks'],
  'mouse-thrash': ['mouse thrash', 'mouse thrashes'],
  'network-error': ['network error', 'network errors'],
  'console-error': ['console error', 'console errors'],
};

const MAX_LISTED = 6;

/** `1m 05s`, `42s`, `1h 02m` */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
const clip = (text: string, length = 80): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const page = (visit: PageVisit): string => (visit.title === undefined ? visit.url : `${visit.title} (${visit.url})`);

function listSignals(signals: readonly Signal[]): string {
  const sorted = [...signals].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, MAX_LISTED).map((signal) => {
    const [one, many] = SIGNAL_NAMES[signal.type] ?? [signal.type, signal.type];
    const unit = signal.type === 'rage-click' ? 'clicks in rage clicks' : signal.count === 1 ? one : many;
    return `${signal.count} ${unit} ${signal.subject === '' ? 'on the page' : `on "${clip(signal.subject)}"`}`;
  });
  const hidden = sorted.length - shown.length;
  return hidden > 0 ? `${shown.join('; ')}; and ${hidden} more` : shown.join('; ');
}

function describeLast(event: SessionEvent): string {
  switch (event.type) {
    case 'navigate':
      return `navigating to ${event.title ?? event.url ?? 'a page'}`;
    case 'custom':
      return `the custom event "${clip(event.name ?? '')}"`;
    case 'network-error':
    case 'console-error':
      return `a ${event.type} (${clip(event.type === 'console-error' ? (event.message ?? '') : `${event.method ?? 'GET'} ${event.url ?? ''} → ${event.status ?? 'failed'}`)})`;
    default: {
      const subject = event.target?.text ?? event.target?.selector;
      return subject === undefined ? `a ${event.type}` : `a ${event.type} on "${clip(subject)}"`;
    }
  }
}

/** The summary text. The first sentence says that no language model wrote it. */
export function renderExtractiveSummary(facts: SessionFacts): string {
  if (facts.eventCount === 0) {
    return 'Rule-based summary (recap extractive, not a language model): the profile kept no events of this session, so there is nothing to summarise.';
  }
  const lines = [
    `Rule-based summary (recap extractive, not a language model; the profile's prompts are not used) of ${plural(facts.eventCount, 'kept event')} over ${formatDuration(facts.durationMs)}: ${plural(facts.clicks, 'click')}, ${plural(facts.inputs, 'input change')}.`,
  ];
  if (facts.pages.length > 0) {
    const shown = facts.pages.slice(0, 12).map(page).join(' → ');
    lines.push(`Pages in order: ${shown}${facts.pages.length > 12 ? ` → … (${facts.pages.length - 12} more)` : ''}.`);
  }
  lines.push(facts.friction.length > 0 ? `Friction: ${listSignals(facts.friction)}.` : 'Friction: none recorded.');
  lines.push(facts.errors.length > 0 ? `Errors: ${listSignals(facts.errors)}.` : 'Errors: none recorded.');
  if (facts.customEvents.length > 0) {
    const custom = facts.customEvents.slice(0, MAX_LISTED).map((signal) => `"${clip(signal.subject)}" ×${signal.count}`);
    lines.push(`Custom events: ${custom.join(', ')}${facts.customEvents.length > MAX_LISTED ? ', …' : ''}.`);
  }
  if (facts.last !== undefined) {
    const where = facts.lastPage === undefined ? '' : ` on ${page(facts.lastPage)}`;
    lines.push(`It ended${where} with ${describeLast(facts.last)}.`);
  }
  return lines.join('\n');
}
