// Privacy rules applied to an rrweb import (`recap import rrweb --privacy`): block selectors are
// matched against the mirrored page while events are derived (dom-block-selectors.ts), then the
// fixture goes through redactSession, exactly as `recap run` redacts a session.

import { echoesFrom, protect, protectedValuesOf, type ProtectedValues } from '../privacy/echoes.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import { fieldPresetOf, fieldPresetsOf, type FieldPreset } from '../privacy/field-values.js';
import { redactSession } from '../privacy/redact-session.js';
import { redactTextWithUrls } from '../privacy/redact-text-with-urls.js';
import type { ClipRedaction } from './clip-text.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { MirrorNode } from './dom-mirror.js';
import { cssAttributeValue, IDENTIFIER } from './element-selector.js';
import type { PrivacyCounts } from '../privacy/redact-text.js';
import type { Session, SessionFixture } from '../session/session-schema.js';
import type { DerivedEvent, DerivedTarget } from './derived-event.js';
import { compileDomBlockSelectors, type DomBlockMatcher } from './dom-block-selectors.js';
import { visibleText } from './element-text.js';

/** The rules of one import, compiled for the deriver and for the fixture. */
export interface ImportPrivacy {
  /** For the deriver's mirror; undefined without block selectors. */
  readonly block: DomBlockMatcher | undefined;
  /** For the deriver's mirror: the preset whose placeholder replaces a value typed into an element; undefined without presets. */
  readonly field: ((element: MirrorNode, value: string) => FieldPreset | undefined) | undefined;
  /**
   * The fixture with the rules applied, and what each rule replaced. An event blocked in the
   * mirror counts once under `blocked`, also when its recorded selector path is blocked as well.
   */
  readonly redact: (fixture: SessionFixture, events: readonly DerivedEvent[]) => { readonly fixture: SessionFixture; readonly counts: PrivacyCounts };
  /** For the deriver's cuts (clip-text.ts): a text too long to keep whole is redacted before it is cut. */
  readonly clip: ClipRedaction;
}

/** Compiles `rules` for importing. */
export function importPrivacy(rules: PrivacyRules): ImportPrivacy {
  const block = rules.blockSelectors.length === 0 ? undefined : compileDomBlockSelectors(rules.blockSelectors);
  const fields = fieldPresetsOf(rules.presets);
  const field = rules.presets.size === 0 ? undefined : (element: MirrorNode, value: string) => fieldPresetOf(fields, value, { type: 'input-change', target: fieldTarget(element) } as SessionEvent);
  // What the texts redacted before their cut replaced, and the texts as read of those cut.
  const clipCounts: PrivacyCounts = new Map();
  const wholes = new Map<string, string[]>();
  const clip: ClipRedaction = {
    redact: (text) => redactTextWithUrls(text, rules, clipCounts),
    noteCut: (cut, whole) => void (wholes.get(cut) ?? wholes.set(cut, []).get(cut))?.push(whole),
  };
  const redact = (fixture: SessionFixture, events: readonly DerivedEvent[]) => {
    // The values the mirror replaced are protected in the rest of the session too, as those redactSession blocks are
    // (a text that was cut, as it was read: a blocked element's long text is repeated whole).
    const values: ProtectedValues = new Map();
    for (const event of events) {
      for (const { value, rule } of event.protects ?? []) {
        protect(values, value, rule);
        for (const whole of wholes.get(value) ?? []) protect(values, whole, rule);
      }
    }
    protectedValuesOf(fixture as unknown as Session, rules, values);
    // redactSession reads no event's `time` (a loaded session's), and keeps the events' order and fields.
    const { session, counts } = redactSession(fixture as unknown as Session, rules, echoesFrom(values));
    // redactSession counted the events it blocked by their recorded selector path; add the others.
    const blockedInMirrorOnly = events.filter((event) => {
      const selector = (event.fields.target as DerivedTarget | undefined)?.selector;
      return event.blocked === true && (selector === undefined || !rules.isBlockedElement(selector));
    }).length;
    if (blockedInMirrorOnly > 0) counts.set('blocked', (counts.get('blocked') ?? 0) + blockedInMirrorOnly);
    // Values the mirror replaced are placeholders redactSession leaves (and does not count).
    for (const event of events) if (event.field !== undefined) counts.set(event.field, (counts.get(event.field) ?? 0) + 1);
    // Texts redacted before they were cut hold placeholders redactSession leaves (and does not count).
    for (const [rule, by] of clipCounts) counts.set(rule, (counts.get(rule) ?? 0) + by);
    return { fixture: session as unknown as SessionFixture, counts };
  };
  return { block, field, redact, clip };
}

/** A field as the presets' field rules read it: its selector with what says what it is for, and its label (`<label>Card number <input></label>`, or its aria-label). */
function fieldTarget(element: MirrorNode): { selector: string; text?: string } {
  const label = visibleText(element);
  return label === undefined ? { selector: ownSelector(element) } : { selector: ownSelector(element), text: label };
}

/** The attributes that say what a field is for, as the presets' field rules read them. */
const FIELD_ATTRIBUTES = ['type', 'autocomplete', 'name', 'placeholder', 'aria-label', 'data-testid'] as const;

/** A selector of the element alone with every attribute that says what it is for: `input#f1.form-control[type=email][autocomplete=email]`. */
function ownSelector(element: MirrorNode): string {
  let selector = element.tag;
  const id = element.attributes.get('id');
  if (id !== undefined && IDENTIFIER.test(id)) selector += `#${id}`;
  for (const name of (element.attributes.get('class') ?? '').split(/\s+/)) if (IDENTIFIER.test(name)) selector += `.${name}`;
  for (const attribute of FIELD_ATTRIBUTES) {
    const value = element.attributes.get(attribute);
    if (value !== undefined && value !== '') selector += `[${attribute}=${cssAttributeValue(value)}]`;
  }
  return selector;
}
