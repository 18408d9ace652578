// Warnings for legal profiles that are probably not what their author meant.

import { BUILT_IN_EVENT_TYPES, isBuiltInEventType } from '../session/event-types.js';
import { closestName } from '../session/closest-name.js';
import type { ProfileDataIssue } from './check-profile.js';
import type { Profile } from './profile-schema.js';

// A filter key that is not built-in is a custom event name, which is legal; but one that is a
// near miss of a built-in type (`rage_click`) is almost always a typo that would match nothing.
export function typoWarnings(profile: Pick<Profile, 'events'>): ProfileDataIssue[] {
  const warnings: ProfileDataIssue[] = [];
  for (const field of ['include_types', 'exclude_types'] as const) {
    profile.events?.[field]?.forEach((key, index) => {
      if (typeof key !== 'string' || isBuiltInEventType(key)) return;
      if (key === 'custom') {
        warnings.push({
          path: ['events', field, index],
          message: 'a custom event is filtered by its name, not by "custom", which matches no event: list the names (e.g. "Coupon Applied")',
          atKey: false,
        });
        return;
      }
      const suggestion = closestName(key, BUILT_IN_EVENT_TYPES);
      if (suggestion !== undefined) {
        warnings.push({
          path: ['events', field, index],
          message: `"${key}" is not a built-in type, so it only matches custom events named so exactly (did you mean "${suggestion}"?)`,
          atKey: false,
        });
      }
    });
  }
  return warnings;
}
