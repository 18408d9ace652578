// Permission levels: Standard < Architect < Admin; a higher level can do all a lower one can.

import type { KeyLevel } from '../store/records.js';

const RANK: Record<KeyLevel, number> = { standard: 0, architect: 1, admin: 2 };

export function levelAtLeast(level: KeyLevel, required: KeyLevel): boolean {
  return RANK[level] >= RANK[required];
}

/** `GET /me` roles. */
export const ROLE: Record<KeyLevel, 'USER' | 'ARCHITECT' | 'ADMIN'> = { standard: 'USER', architect: 'ARCHITECT', admin: 'ADMIN' };
