// A session search as the store runs it (StoreReader#searchSessions): every filter already
// resolved by the server (the user to an id, property values to where they sit in the stored JSON).

/** A condition on a user's stored properties JSON (opaque to the store; users/property-match.ts builds it). */
export interface StoredJsonMatch {
  /** Key paths into the JSON: the condition holds when `value` sits at one of them... */
  readonly valueAt: readonly (readonly string[])[];
  readonly value: string | number | boolean;
  /** ...and the object at these keys has exactly one key. */
  readonly singleKeyAt: readonly string[];
}

export interface SessionSearch {
  /** The session's created time is at or after this (ISO 8601 as the server writes it, like createdTime). */
  readonly from?: string | undefined;
  /** The session's created time is before this. */
  readonly to?: string | undefined;
  /** The session's user (sessions move with merges: the user the others were merged into). */
  readonly userId?: string | undefined;
  /** Conditions on the stored properties of the session's user, all of which hold. */
  readonly userProperties?: readonly StoredJsonMatch[] | undefined;
  /** At least `minCount` events of each type, or custom events of each name (session-facts.ts#eventCountKey). */
  readonly hasEvents?: readonly { readonly type: string; readonly minCount: number }[] | undefined;
  /** A substring of one of the URLs of the session's events, in any case. */
  readonly urlContains?: string | undefined;
  /** Bounds of the time from the first event to the last, in ms (0 for a session without events). */
  readonly minDurationMs?: number | undefined;
  readonly maxDurationMs?: number | undefined;
}
