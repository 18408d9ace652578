// The keys a URL is found by in grounding: its normal form (no scheme, `www.`, trailing slash or
// fragment), without its query, its site, and its path and the sections it is under.

/** `shop.example/cart` for `https://www.shop.example/cart/`: no scheme, `www.`, trailing slash or fragment. */
export function normalUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/#.*$/, '')
    .replace(/\/+(?=\?|$)/, '');
}

export const withoutQuery = (url: string): string => url.replace(/\?.*$/, '');

/** The site of a URL (`shop.example` for `shop.example/cart?x=1`), which a claim of the site alone (`https://shop.example`) finds it by; none for a path. */
export function hostKey(normal: string): string | undefined {
  if (normal.startsWith('/')) return undefined;
  const end = normal.search(/[/?]/);
  return end === -1 ? undefined : normal.slice(0, end);
}

/**
 * The keys a path claim finds a URL by: its path, its path with the query (`/cart`, `/cart?step=2`),
 * and each section it is under (`/c/*`, `/c/women/*` for `/c/women`), which a claim of a section
 * (`pages under /c/`) finds it by.
 */
export function pathKeys(normal: string, bare = withoutQuery(normal)): string[] {
  const slash = bare.startsWith('/') ? 0 : bare.indexOf('/');
  if (slash === -1) return [];
  const path = bare.slice(slash);
  const keys = normal.length === bare.length ? [path] : [path, normal.slice(slash)];
  for (let end = path.indexOf('/', 1); end !== -1; end = path.indexOf('/', end + 1)) keys.push(`${path.slice(0, end)}/*`);
  keys.push(`${path}/*`);
  return keys;
}

/** The key of a path claim that names a section (`/c/`, `/api/*`): `/c/*`; undefined for any other claim. */
export function sectionKey(claim: string): string | undefined {
  const section = /^(\/[^?#\s]*?)\/\*?$/.exec(claim.trim());
  return section === null || section[1] === undefined || section[1] === '' ? undefined : `${normalUrl(section[1])}/*`;
}
