// The page an item of a structured response says its problem happened on: `{ "description": "Dead
// click on the total (#36)", "page_url": "https://shop.example/cart" }` where #36 happened on
// /checkout. The URL is in the session, so it is kept as a URL; as the page of the item's events
// it is invented.

import type { Checker } from './checker.js';
import { isTrueAt, pageOf } from './cited-event.js';
import { isWithin } from './cited-kind.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords } from './walk-answer.js';

/** Keys of the page an item happened on: `page_url`, `page`, `url`, `pageUrl`, `on_page`, `page_path`. */
const PAGE_KEY = /^(?:page(?: url| path)?|url|on page)$/;

/**
 * Marks `unsupported`, in `findings` (a structured response's), the kept or dropped URL under an item's page
 * key when the item cites kept events (also ones it says are what they are not) and the URL is the page of none of them: not their own URL,
 * nor the page the prompt showed loading last before them, nor a page load or request one or two
 * events after a cited click (as a URL written right before a citation is read, see wrongCitation).
 * A URL the profile left out is marked only when the prompt shows each cited event on a page.
 */
export function checkItemPages(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const current = place.value;
    if (Array.isArray(current)) current.forEach((item, index) => stack.push({ value: item, path: childPath(place.path, index) }));
    else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (typeof inner === 'string' && place.path !== '' && PAGE_KEY.test(keyWords(key))) markWrongPage(inner, childPath(place.path, key), place.path, findings, checker);
        else stack.push({ value: inner, path: childPath(place.path, key) });
      }
    }
  }
}

function markWrongPage(url: string, path: string, item: string, findings: GroundingFinding[], checker: Checker): void {
  const at = findings.findIndex((finding) => finding.kind === 'url' && finding.path === path && finding.verdict !== 'unsupported');
  if (at === -1) return;
  const dropped = findings[at]?.verdict === 'dropped';
  const cited: number[] = [];
  for (const finding of findings) {
    if (finding.kind !== 'event' || !isWithin(finding.path, item)) continue;
    // A kept event cited for what it is not (`"kind": "dead_click"` citing a rage click) still happened where it did.
    const index = finding.event ?? Number(/^#(\d+)$/.exec(finding.text)?.[1] ?? Number.NaN);
    if (Number.isInteger(index) && checker.keptEvent(index) !== undefined) cited.push(index);
  }
  if (cited.length === 0) return;
  // A URL only the events the profile left out hold is still the page of a cited event the prompt
  // shows on no page (a slice that starts after its page loaded); not of one it shows on another.
  if (dropped && cited.some((index) => pageOf(index, checker) === undefined)) return;
  const claim = { kind: 'url', text: url, start: 0, end: 0, url } as const;
  if (cited.some((index) => isTrueAt(claim, index, checker))) return;
  const found = findings[at] as GroundingFinding;
  findings[at] = { kind: found.kind, text: found.text, path: found.path, verdict: 'unsupported', reason: `the page of none of the events the item cites (${cited.map((index) => `#${index}${onPage(index, checker)}`).join(', ')})` };
}

/** ` on <page>` for an event on a page the prompt showed loading, else nothing. */
function onPage(index: number, checker: Checker): string {
  const page = pageOf(index, checker);
  return page === undefined ? '' : ` on ${page}`;
}
