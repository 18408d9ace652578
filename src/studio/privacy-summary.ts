// The privacy line above the status bar: which rules file applies and what it replaced in the
// session, so that a prompt without personal data is known to be redacted, not just lucky.

import { hasNoRules } from '../index.js';
import { formatCount } from './format-count.js';
import { segment, type Segment, type StyledLine } from './styled-line.js';
import type { PrivacySlot } from './studio-state.js';

/**
 * `privacy: email 2 · card 1 · blocked 3  profiles/privacy.yaml`, `privacy: none matched  …`, or
 * that invalid rules withhold the prompt; undefined when no rules file applies (or is still read).
 *
 * @param counts - The prepared request's `privacy`; undefined while nothing is prepared.
 */
export function privacySummary(slot: PrivacySlot | undefined, counts: Readonly<Record<string, number>> | undefined): StyledLine | undefined {
  if (slot === undefined || slot.status === 'absent' || slot.status === 'loading') return undefined;
  const label = segment('privacy: ', 'strong');
  const file = segment(`  ${slot.path}`, 'dim');
  if (slot.status === 'invalid') return [label, segment('invalid rules: session withheld', 'error'), file];
  if (counts === undefined) return [label, segment('rules loaded', 'dim'), file];
  const matched = Object.entries(counts).filter(([, count]) => count > 0);
  if (matched.length === 0) return [label, segment(slot.rules !== undefined && hasNoRules(slot.rules) ? 'no rules, nothing redacted' : 'none matched'), file];
  const parts: Segment[] = matched.flatMap(([rule, count], index) => [
    ...(index === 0 ? [] : [segment(' · ', 'dim')]),
    segment(`${rule} ${formatCount(count)}`),
  ]);
  return [label, ...parts, file];
}
