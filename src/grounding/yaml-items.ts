// Items of a text answer written as YAML without a fence, as models write a structured answer in
// notes: a list entry with a key of its kind,
//
//   - kind: rage_click
//     target: "Generate Pix code"
//     events: [77]
//     count: 2
//
// is an item of that kind, as an object of a structured response is: the events it cites must be
// of its kind (see markItems), and a whole number under a key of a count of events (`count`,
// `occurrences`, `times`) is how many there were (see itemCount), not the `count` field of an event.

import type { Checker } from './checker.js';
import { KIND_KEY, markItems, signalTypes, type Item } from './cited-kind.js';
import type { GroundingFinding } from './grounding-report.js';
import { ITEM_COUNT_KEY, itemCount } from './item-counts.js';
import { keyWords } from './walk-answer.js';

/** A YAML item with a kind: where it is in the answer, and its count's line. */
interface YamlItem {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly count?: { readonly key: string; readonly value: number; readonly start: number; readonly end: number };
}

/** A list entry's first line: its indentation and dash. */
const ENTRY = /^([ \t]*)-[ \t]+/;
/** A `key: value` line (group 1 the key, 2 the value), after the entry's dash or the item's indentation. */
const KEY_LINE = /^([A-Za-z_][\w.-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/;

/** The items with a kind of `text`'s YAML lists (an entry and the lines indented under it, up to a blank line). */
function yamlItemsOf(text: string): YamlItem[] {
  const items: YamlItem[] = [];
  const lines = text.split('\n');
  let offset = 0;
  for (let at = 0; at < lines.length; ) {
    const entry = ENTRY.exec(lines[at] as string);
    if (entry === null) {
      offset += (lines[at] as string).length + 1;
      at++;
      continue;
    }
    const dash = (entry[1] as string).length;
    const start = offset;
    let kind: string | undefined;
    let count: YamlItem['count'];
    let end = offset;
    const first = at;
    for (let line = first; line < lines.length; line++) {
      const written = lines[line] as string;
      const indent = /^[ \t]*/.exec(written)?.[0].length ?? 0;
      if (line > first && (written.trim() === '' || indent <= dash)) break;
      const content = line === first ? (entry[0] as string).length : indent;
      const pair = KEY_LINE.exec(written.slice(content));
      if (pair !== null) {
        const words = keyWords(pair[1] as string);
        const value = (pair[2] as string).replace(/^["']|["']$/g, '');
        if (KIND_KEY.test(words) && value !== '') kind ??= value;
        else if (ITEM_COUNT_KEY.test(words) && /^\d{1,6}$/.test(value)) count ??= { key: pair[1] as string, value: Number(value), start: offset + content, end: offset + written.length };
      }
      offset += written.length + 1;
      end = offset - 1;
      at = line + 1;
    }
    if (kind !== undefined) items.push({ kind, start, end, ...(count === undefined ? {} : { count }) });
  }
  return items;
}

/** Whether `text` may hold such an item: a line with a key of a kind. */
const mayHoldItems = (text: string): boolean => /^[ \t]*(?:-[ \t]+)?(?:[a-z]+[_-])?(?:kind|type|category|signal)[ \t]*:/im.test(text);

/** Whether the line at `position` of `text` is a count line of a YAML item with a kind (no `count` field of an event, then). */
export function inYamlItem(text: string, position: number): boolean {
  return mayHoldItems(text) && yamlItemsOf(text).some((item) => item.count !== undefined && item.count.start <= position && position < item.count.end);
}

/**
 * Judges the YAML items of a text answer (`findings` placed `start..end`): their citations by
 * their kind, then their counts, each added as a finding placed at its line.
 */
export function checkYamlItems(text: string, findings: GroundingFinding[], checker: Checker): void {
  if (!mayHoldItems(text)) return;
  const items = yamlItemsOf(text);
  if (items.length === 0) return;
  const holds = (item: YamlItem) => (finding: GroundingFinding) => {
    const from = Number.parseInt(finding.path, 10);
    return from >= item.start && from < item.end;
  };
  markItems(items.map((item): Item => ({ kind: item.kind, holds: holds(item), naming: "the item's kind", typesOf: signalTypes })), findings, checker);
  let added = false;
  for (const item of items) {
    if (item.count === undefined) continue;
    const found = itemCount(item.kind, item.count.value, holds(item), findings, checker);
    if (found === undefined) continue;
    findings.push({ kind: 'count', text: `${item.count.key}: ${item.count.value}`, path: `${item.count.start}..${item.count.end}`, ...found });
    added = true;
  }
  if (added) findings.sort((left, right) => Number.parseInt(left.path, 10) - Number.parseInt(right.path, 10));
}
