// Relative links of a Markdown page and the anchors its headings get on GitHub, so that the doc
// test can check that every link between pages (and from code to a page's section) still lands.

export interface RelativeLink {
  /** The file part, relative to the page ('' for a link to a heading of the same page). */
  readonly target: string;
  readonly anchor: string | undefined;
  readonly line: number;
}

/** The lines outside fenced blocks, numbered from 1. */
function linesOutsideFences(markdown: string): { text: string; line: number }[] {
  const outside: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split(/\r?\n/).forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = undefined;
    } else outside.push({ text, line: index + 1 });
  });
  return outside;
}

export function relativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  for (const { text, line } of linesOutsideFences(markdown)) {
    for (const match of text.replace(/(`+)[^`]*?\1/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const href = match[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto: ...
      const [target = '', anchor] = href.split('#');
      links.push({ target: decodeURI(target), anchor, line });
    }
  }
  return links;
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces become hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of linesOutsideFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
