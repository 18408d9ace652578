// API keys: `<data center>.<token>`, token `rk_<key id>_<secret>`. Only sha256(secret) is stored;
// a presented key is found by its id and checked in constant time.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataCenter } from '../store/records.js';

export interface ParsedApiKey {
  /** From the prefix; a legacy key without prefix belongs to na1. */
  readonly dataCenter: DataCenter;
  readonly id: string;
  readonly secret: string;
}

const TOKEN = /^rk_([a-z0-9]{16})_([A-Za-z0-9_-]{32,64})$/;

/** A new key for a data center: the id to store, the secret's hash, and the key shown once. */
export function generateApiKey(dataCenter: DataCenter, random: (size: number) => Buffer = randomBytes): { id: string; key: string; secretHash: string } {
  const id = random(10).toString('hex').slice(0, 16);
  const secret = random(32).toString('base64url');
  return { id, key: `${dataCenter}.rk_${id}_${secret}`, secretHash: hashSecret(secret) };
}

/** sha256 of a key's secret, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Splits a presented key; undefined when it is not one of ours. */
export function parseApiKey(key: string): ParsedApiKey | undefined {
  let dataCenter: DataCenter = 'na1';
  let token = key;
  const dot = key.indexOf('.');
  if (dot !== -1) {
    const prefix = key.slice(0, dot);
    if (prefix !== 'na1' && prefix !== 'eu1') return undefined;
    dataCenter = prefix;
    token = key.slice(dot + 1);
  }
  const match = TOKEN.exec(token);
  if (match === null) return undefined;
  return { dataCenter, id: match[1] as string, secret: match[2] as string };
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
