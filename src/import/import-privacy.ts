// Privacy rules applied to an rrweb import (`recap import rrweb --privacy`): block selectors are
// matched against the mirrored page while events are derived (dom-block-selectors.ts), then the
// fixture goes through redactSession, exactly as `recap run` redacts a session.

import type { PrivacyRules } from '../privacy/privacy-rules.js';
import { redactSession } from '../privacy/redact-session.js';
import type { PrivacyCounts } from '../privacy/redact-text.js';
import type { Session, SessionFixture } from '../session/session-schema.js';
import type { DerivedEvent, DerivedTarget } from './derived-event.js';
import { compileDomBlockSelectors, type DomBlockMatcher } from './dom-block-selectors.js';

/** The rules of one import, compiled for the deriver and for the fixture. */
export interface ImportPrivacy {
  /** For the deriver's mirror; undefined without block selectors. */
  readonly block: DomBlockMatcher | undefined;
  /**
   * The fixture with the rules applied, and what each rule replaced. An event blocked in the
   * mirror counts once under `blocked`, also when its recorded selector path is blocked as well.
   */
  readonly redact: (fixture: SessionFixture, events: readonly DerivedEvent[]) => { readonly fixture: SessionFixture; readonly counts: PrivacyCounts };
}

/** Compiles `rules` for importing. */
export function importPrivacy(rules: PrivacyRules): ImportPrivacy {
  const block = rules.blockSelectors.length === 0 ? undefined : compileDomBlockSelectors(rules.blockSelectors);
  const redact = (fixture: SessionFixture, events: readonly DerivedEvent[]) => {
    // redactSession reads no event's `time` (a loaded session's), and keeps the events' order and fields.
    const { session, counts } = redactSession(fixture as unknown as Session, rules);
    // redactSession counted the events it blocked by their recorded selector path; add the others.
    const blockedInMirrorOnly = events.filter((event) => {
      const selector = (event.fields.target as DerivedTarget | undefined)?.selector;
      return event.blocked === true && (selector === undefined || !rules.isBlockedElement(selector));
    }).length;
    if (blockedInMirrorOnly > 0) counts.set('blocked', (counts.get('blocked') ?? 0) + blockedInMirrorOnly);
    return { fixture: session as unknown as SessionFixture, counts };
  };
  return { block, redact };
}
