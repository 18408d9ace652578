import { describe, expect, it } from 'vitest';
import { selectorFor } from './element-selector.js';
import { textContent } from './element-text.js';
import { el, keyed } from './test-support/recording-builder.js';
import { mirrorOf } from './test-support/mirror-of.js';

const at = { index: 9 };
const text = (id: number) => ({ type: 3, textContent: `t${id}`, id });
const li = (id: number, ...children: unknown[]) => ({ type: 2, tagName: 'li', attributes: {}, childNodes: children, id });

describe('DomMirror', () => {
  it('loads a full snapshot: elements, texts, the title; style and script texts are dropped', () => {
    const { mirror, recording } = mirrorOf(el('style', {}, '.a{color:red}'), el('p', { id: 'p' }, 'Hello ', el('b', {}, 'world')));
    expect(mirror.title()).toBe('Page');
    expect(textContent(mirror.get(recording.id('p'))!, 100)).toBe('Hello world');
    expect(textContent(mirror.root!, 100)).not.toContain('color');
  });

  it('inserts added nodes before their next sibling, waiting for parents and siblings added later in the batch', () => {
    const { mirror, recording } = mirrorOf(el('ul', { id: 'list' }));
    const list = recording.id('list');
    mirror.applyMutation(
      {
        adds: [
          { parentId: 1002, nextId: null, node: text(1003) }, // parent comes later in the batch
          { parentId: list, nextId: 1000, node: li(1001) }, // next sibling comes later too
          { parentId: list, nextId: null, node: li(1000) },
          { parentId: list, nextId: 1001, node: li(1002) },
        ],
      },
      at,
    );
    expect(mirror.get(list)!.children.map((child) => child.id)).toEqual([1002, 1001, 1000]);
    expect(textContent(mirror.get(list)!, 100)).toBe('t1003');
  });

  it('removes subtrees, changes texts and attributes', () => {
    const { mirror, recording } = mirrorOf(el('div', { id: 'box', class: 'a' }, keyed('label', el('span', {}, 'old')), el('i', { id: 'gone' }, 'x')));
    const label = mirror.get(recording.id('label'))!;
    mirror.applyMutation(
      {
        removes: [{ parentId: recording.id('box'), id: recording.id('gone') }],
        texts: [{ id: label.children[0]!.id, value: 'new' }],
        attributes: [{ id: recording.id('box'), attributes: { id: 'panel', class: null, style: { color: 'red' } } }],
      },
      at,
    );
    expect(mirror.get(recording.id('gone'))).toBeUndefined();
    expect(textContent(mirror.get(recording.id('box'))!, 100)).toBe('new');
    expect(selectorFor(mirror.get(recording.id('box')))).toBe('div#panel');
    expect(mirror.get(recording.id('box'))!.attributes.has('class')).toBe(false);
  });

  it('counts references to unknown nodes and keeps an orphan add findable', () => {
    const { mirror, warnings } = mirrorOf(el('div', { id: 'box' }));
    mirror.applyMutation({ adds: [{ parentId: 4242, nextId: null, node: li(77) }], texts: [{ id: 4243, value: 'x' }], removes: [{ parentId: 1, id: 4244 }] }, at);
    expect(mirror.get(77)?.tag).toBe('li');
    expect(warnings.list()).toEqual([expect.objectContaining({ kind: 'unknown-node', count: 3, first: at })]);
  });

  it('remembers that a field was a password even after its type changes', () => {
    const { mirror, recording } = mirrorOf(el('input', { id: 'pw', type: 'password' }));
    mirror.applyMutation({ attributes: [{ id: recording.id('pw'), attributes: { type: 'text' } }] }, at);
    expect(mirror.get(recording.id('pw'))!.password).toBe(true);
  });

  it('survives malformed snapshots and mutations', () => {
    const { mirror, warnings } = mirrorOf();
    mirror.loadSnapshot({ type: 0, childNodes: [null, { type: 2 }, 'x'], id: 1 }, at);
    mirror.applyMutation({ adds: [null, { parentId: 1 }], texts: 'no', attributes: [{ id: 1 }] }, at);
    mirror.loadSnapshot(undefined, at);
    expect(mirror.hasSnapshot).toBe(false);
    expect(warnings.list().map((warning) => warning.kind).sort()).toEqual(['invalid-node', 'invalid-snapshot']);
  });
});
