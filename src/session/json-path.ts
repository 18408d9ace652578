// Renders a path of keys and indices the way people write it: `events[41].target.selector`.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `['events', 41, 'timestamp']` → `events[41].timestamp`; odd keys are quoted: `properties["a b"]`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
