// The URLs of a session's events, with the events that hold each, under every key a URL claim finds
// them by: the whole URL, the URL without its query or its site alone, and its paths and sections.

import type { SessionEvent } from '../session/session-schema.js';
import { visitEventUrls } from './event-strings.js';
import { hostKey, idParentKey, normalUrl, pathKeys, withoutQuery } from './url-keys.js';

export interface UrlIndex {
  readonly full: ReadonlyMap<string, readonly number[]>;
  readonly bare: ReadonlyMap<string, readonly number[]>;
  readonly paths: ReadonlyMap<string, readonly number[]>;
}

/** Adds `index` to the ascending list of `key`, once. */
function addTo<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

export function urlIndex(events: readonly SessionEvent[]): UrlIndex {
  const full = new Map<string, number[]>();
  const bare = new Map<string, number[]>();
  const paths = new Map<string, number[]>();
  // The keys of each distinct URL as recorded, worked out once.
  const keysOfRaw = new Map<string, { readonly normal: string; readonly bare: string; readonly host: string | undefined; readonly parent: string | undefined; readonly paths: readonly string[] }>();
  for (let index = 0; index < events.length; index++) {
    visitEventUrls(events[index] as SessionEvent, (url) => {
      let keys = keysOfRaw.get(url);
      if (keys === undefined) {
        const normal = normalUrl(url);
        const withoutParameters = withoutQuery(normal);
        keysOfRaw.set(url, (keys = { normal, bare: withoutParameters, host: hostKey(normal), parent: withoutParameters.startsWith('/') ? undefined : idParentKey(withoutParameters), paths: pathKeys(normal, withoutParameters) }));
      }
      addTo(full, keys.normal, index);
      addTo(bare, keys.bare, index);
      if (keys.host !== undefined) addTo(bare, keys.host, index);
      if (keys.parent !== undefined) addTo(bare, keys.parent, index);
      for (const path of keys.paths) addTo(paths, path, index);
    });
  }
  return { full, bare, paths };
}
