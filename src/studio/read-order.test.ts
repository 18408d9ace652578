import { describe, expect, it } from 'vitest';
import { ReadOrder } from './read-order.js';

describe('ReadOrder', () => {
  it('takes both of two overlapping reads that finish in order', () => {
    const order = new ReadOrder();
    const first = order.start('a.json');
    const second = order.start('a.json');
    expect(order.take('a.json', first)).toBe(true);
    expect(order.take('a.json', second)).toBe(true);
  });

  it('drops an older read that finishes after a newer one was taken', () => {
    const order = new ReadOrder();
    const first = order.start('a.json');
    const second = order.start('a.json');
    expect(order.take('a.json', second)).toBe(true);
    expect(order.take('a.json', first)).toBe(false);
  });

  it('keeps files apart, and tells whether a read is the newest started', () => {
    const order = new ReadOrder();
    const profile = order.start('p.yaml');
    const session = order.start('s.json');
    expect(order.isLatest('p.yaml', profile)).toBe(true);
    order.start('p.yaml');
    expect(order.isLatest('p.yaml', profile)).toBe(false);
    expect(order.take('s.json', session)).toBe(true);
    expect(order.take('p.yaml', profile)).toBe(true);
  });
});
