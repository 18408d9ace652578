// The keys a URL is found by in grounding: its normal form (no scheme, `www.`, trailing slash or
// fragment), without its query, its site, and its path and the sections it is under.

/** `shop.example/cart` for `https://www.shop.example/cart/`: no scheme, `www.`, trailing slash or fragment. */
export function normalUrl(url: string): string {
  const normal = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/#.*$/, '')
    .replace(/\/+(?=\?|$)/, '');
  const query = normal.indexOf('?');
  return query === -1 ? normal : normal.slice(0, query) + normalQuery(normal.slice(query + 1));
}

/**
 * A query in one form, whichever way it was written: its parameters decoded (`+` and `%20` a
 * space) and in order of name (`?q=m8+bolt&material=a4` and `?material=a4&q=m8%20bolt` alike);
 * nothing when it has none.
 */
function normalQuery(query: string): string {
  const parameters = query
    .split('&')
    .filter((parameter) => parameter !== '')
    .map(decodedParameter)
    .sort();
  return parameters.length === 0 ? '' : `?${parameters.join('&')}`;
}

function decodedParameter(parameter: string): string {
  const spaced = parameter.replace(/\+/g, ' ');
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

export const withoutQuery = (url: string): string => url.replace(/\?.*$/, '');

/**
 * Whether URL `normal` is the page `claim` names, with every parameter of the claim's query among
 * its own (`/settings/billing?tab=invoices` and `app.example/settings/billing?tab=invoices` for
 * `app.example/settings/billing?tab=invoices&ws=acme`: models leave out a parameter that says
 * nothing to them). Both as normalUrl writes them; a path claim is compared with the URL's path.
 */
export function holdsQuery(normal: string, claim: string): boolean {
  const query = normal.indexOf('?');
  const claimQuery = claim.indexOf('?');
  if (query === -1 || claimQuery === -1) return false;
  const page = claim.startsWith('/') && !normal.startsWith('/') ? normal.slice(Math.max(0, normal.indexOf('/')), query) : normal.slice(0, query);
  if (page !== claim.slice(0, claimQuery)) return false;
  const parameters = normal.slice(query + 1).split('&');
  return claim
    .slice(claimQuery + 1)
    .split('&')
    .every((parameter) => parameters.includes(parameter));
}

/** The site of a URL (`shop.example` for `shop.example/cart?x=1`), which a claim of the site alone (`https://shop.example`) finds it by; none for a path. */
export function hostKey(normal: string): string | undefined {
  if (normal.startsWith('/')) return undefined;
  const end = normal.search(/[/?]/);
  return end === -1 ? undefined : normal.slice(0, end);
}

/**
 * A last path segment that identifies a record rather than names a page: two digits or more
 * (`Q-7731-2048`, `HB-M8-30-A4`, `12345`), or 8 hex digits or more (`9f8e7d6c`). Not `v2` or
 * `step-1`.
 */
const ID_SEGMENT = /^(?=(?:[^/\d]*\d){2})[^/]+$|^[0-9a-f-]{8,}$/;

/**
 * The key a URL or path without a query is found by when a claim leaves out its last segment, an
 * id (`/car/quote` for `/car/quote/Q-7731-2048`): `/car/quote/:id`; undefined when its last segment
 * is no id.
 */
export function idParentKey(bare: string): string | undefined {
  const slash = bare.lastIndexOf('/');
  if (slash <= 0 || !ID_SEGMENT.test(bare.slice(slash + 1))) return undefined;
  return `${bare.slice(0, slash)}/:id`;
}

/**
 * The keys a path claim finds a URL by: its path, its path with the query (`/cart`, `/cart?step=2`),
 * each section it is under (`/c/*`, `/c/women/*` for `/c/women`), which a claim of a section
 * (`pages under /c/`) finds it by, and its path without a last segment that is an id (idParentKey).
 */
export function pathKeys(normal: string, bare = withoutQuery(normal)): string[] {
  const slash = bare.startsWith('/') ? 0 : bare.indexOf('/');
  if (slash === -1) return [];
  const path = bare.slice(slash);
  const keys = normal.length === bare.length ? [path] : [path, normal.slice(slash)];
  for (let end = path.indexOf('/', 1); end !== -1; end = path.indexOf('/', end + 1)) keys.push(`${path.slice(0, end)}/*`);
  keys.push(`${path}/*`);
  const parent = idParentKey(path);
  if (parent !== undefined) keys.push(parent);
  return keys;
}

/** The key of a path claim that names a section (`/c/`, `/api/*`): `/c/*`; undefined for any other claim. */
export function sectionKey(claim: string): string | undefined {
  const section = /^(\/[^?#\s]*?)\/\*?$/.exec(claim.trim());
  return section === null || section[1] === undefined || section[1] === '' ? undefined : `${normalUrl(section[1])}/*`;
}
