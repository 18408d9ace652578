// The Context pane: every context element, whether it reaches the model and why, with its values.

import { CONTEXT_ELEMENTS, type ContextElement, type ContextSettings, type PreparedRequest, type Profile } from '../index.js';
import { plainLine, segment, type StyledLine } from './styled-line.js';

/** Why the profile keeps `element` out of the prompt. */
export function exclusionReason(element: ContextElement, settings: ContextSettings = {}): string {
  if (settings.exclude?.includes(element) === true) return 'excluded by context.exclude';
  if (element === 'user' && settings.exclude_user_context === true) return 'excluded by context.exclude_user_context';
  if (element === 'org' && settings.exclude_org_context === true) return 'excluded by context.exclude_org_context';
  if (settings.include !== undefined && !settings.include.includes(element)) return 'not listed in context.include';
  return 'excluded';
}

/** `[['properties.plan', 'pro'], ...]`: nested objects as dotted paths, leaves as text. */
export function flattenValues(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [[prefix, typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)]];
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [[prefix, '{}']];
  return entries.flatMap(([key, inner]) => flattenValues(inner, prefix === '' ? key : `${prefix}.${key}`));
}

function valueLines(value: unknown, style: 'plain' | 'dim'): StyledLine[] {
  const pairs = flattenValues(value);
  const width = Math.min(24, Math.max(...pairs.map(([key]) => key.length)));
  return pairs.map(([key, text]) => [segment(`    ${key.padEnd(width)}  `, style === 'dim' ? 'dim' : 'key'), segment(text, style)]);
}

/** Included elements first (sent to the model), then excluded ones, then those the session lacks. */
export function contextLines(profile: Profile, prepared: PreparedRequest): StyledLine[] {
  const included = prepared.context.included as Record<string, unknown>;
  const excluded = prepared.context.excluded as Record<string, unknown>;
  const lines: StyledLine[] = [plainLine('Included: sent to the model', 'heading')];
  const present = CONTEXT_ELEMENTS.filter((element) => included[element] !== undefined);
  if (present.length === 0) lines.push(plainLine('  (none)', 'dim'));
  for (const element of present) {
    lines.push([segment('  ✓ ', 'ok'), segment(element, 'strong')], ...valueLines(included[element], 'plain'));
  }
  lines.push(plainLine(''), plainLine('Excluded: kept out of the prompt', 'heading'));
  const kept = CONTEXT_ELEMENTS.filter((element) => excluded[element] !== undefined);
  if (kept.length === 0) lines.push(plainLine('  (none)', 'dim'));
  for (const element of kept) {
    lines.push(
      [segment('  ✗ ', 'error'), segment(element, 'strong'), segment(`  ${exclusionReason(element, profile.context)}`, 'dim')],
      ...valueLines(excluded[element], 'dim'),
    );
  }
  const absent = CONTEXT_ELEMENTS.filter((element) => included[element] === undefined && excluded[element] === undefined);
  if (absent.length > 0) lines.push(plainLine(''), plainLine(`Not in this session: ${absent.join(', ')}`, 'dim'));
  return lines;
}
