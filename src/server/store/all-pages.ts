// Every page of a paged store list, one after the other: the next page is read only when the
// consumer asks for it.

import type { Page } from './store.js';

/** The items of each page of `read`, from the first page (`after` null) to the last (`next` null). */
export async function* allPages<Item>(read: (after: string | null) => Promise<Page<Item>>): AsyncGenerator<readonly Item[]> {
  let after: string | null = null;
  do {
    const page: Page<Item> = await read(after);
    yield page.items;
    after = page.next;
  } while (after !== null);
}
