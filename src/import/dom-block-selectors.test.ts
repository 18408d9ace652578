import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from '../privacy/privacy-rules.js';
import { compileDomBlockSelectors, type DomBlockMatcher } from './dom-block-selectors.js';
import { DomMirror } from './dom-mirror.js';
import { ImportWarnings } from './import-warnings.js';
import { privateVisitRecording } from './test-recordings/import-private-visit.js';

/** The private visit's page mirrored as an import with `selectors` mirrors it, and a node lookup by key. */
function mirrored(selectors: readonly string[], keepAttributes: boolean = true) {
  const block = compileDomBlockSelectors(selectors);
  const recording = privateVisitRecording();
  const mirror = new DomMirror(new ImportWarnings(), { keepAttributes: keepAttributes ? block.attributes : undefined });
  mirror.loadSnapshot((recording.events[1]!.data as { node: unknown }).node, { index: 1 });
  const node = (key: string) => mirror.get(recording.id(key))!;
  const text = (key: string) => mirror.get(recording.textId(key))!;
  return { block, node, text };
}

const blockedKeys = (block: DomBlockMatcher, node: (key: string) => ReturnType<DomMirror['get']>) =>
  ['card', 'reveal', 'statement', 'contact', 'save'].filter((key) => block.isBlocked(node(key)));

describe('block selectors on the mirrored page', () => {
  it('match through an attribute and an ancestor that the recorded selector paths do not name', () => {
    const { block, node } = mirrored(['[data-private] input', '.secret-zone *']);
    expect(blockedKeys(block, node)).toEqual(['card', 'reveal']);
    // The same rules against the recorded paths (what `recap run` sees) block neither.
    const rules = parsePrivacyRules('block_selectors: ["[data-private] input", ".secret-zone *"]\n');
    expect(['input#card', 'button#reveal'].filter((path) => rules.isBlockedElement(path))).toEqual([]);
  });

  it('need the attributes the selectors read, which the mirror keeps only for them', () => {
    const kept = mirrored(['[data-private] input']);
    expect(kept.block.attributes).toContain('data-private');
    expect(blockedKeys(kept.block, kept.node)).toEqual(['card']);
    const dropped = mirrored(['[data-private] input'], false);
    expect(blockedKeys(dropped.block, dropped.node)).toEqual([]);
  });

  it('block everything inside a matching element, while only elements match themselves', () => {
    const { block, node, text } = mirrored(['section.secret-zone']);
    expect(block.matches(node('reveal'))).toBe(false);
    expect(block.isBlocked(node('reveal'))).toBe(true);
    expect(block.isBlocked(text('reveal'))).toBe(true);
    expect(block.matches(text('reveal'))).toBe(false);
    expect(block.isBlocked(undefined)).toBe(false);
  });

  it('read the attributes named inside :not(), :is() and :has(), and those of form pseudo-classes', () => {
    const { block } = mirrored(['main:has(> [data-zone=pay]) :is(input[autocomplete^=cc-], select):not([aria-hidden])', 'input:checked']);
    expect([...block.attributes]).toEqual(expect.arrayContaining(['data-zone', 'autocomplete', 'aria-hidden', 'checked']));
  });

  it('match nothing without selectors', () => {
    const { block, node } = mirrored([]);
    expect(blockedKeys(block, node)).toEqual([]);
  });
});
