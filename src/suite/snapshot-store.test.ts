import { describe, expect, it } from 'vitest';
import { snapshotName } from './snapshot-store.js';

describe('snapshotName', () => {
  it('keeps ASCII names as before: lower case, punctuation dropped, spaces as hyphens', () => {
    expect(snapshotName('Coupon failure reaches the model!')).toBe('coupon-failure-reaches-the-model');
    expect(snapshotName('a_b  -  c')).toBe('a-b-c');
    expect(snapshotName('Café — Überweisung')).toBe('cafe-uberweisung');
    expect(snapshotName('?!')).toBe('case');
  });

  it('keeps the letters of other scripts, so that two such cases do not share one file', () => {
    expect(snapshotName('日本の決済')).toBe('日本の決済');
    expect(snapshotName('中国 支付')).toBe('中国-支付');
    expect(snapshotName('Πληρωμή απέτυχε')).toBe('πληρωμη-απετυχε');
    expect(snapshotName('日本の決済')).not.toBe(snapshotName('中国 支付'));
  });

  it('cuts a long name at 120 characters, never inside a surrogate pair', () => {
    const name = snapshotName('𠀀'.repeat(200));
    expect(Array.from(name)).toHaveLength(120);
    expect(name.isWellFormed()).toBe(true);
  });
});
