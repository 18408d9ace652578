// Where a URL found in an answer ends: the punctuation a sentence adds after it, and a query an
// ellipsis cut short.

/** Trailing punctuation a sentence adds after a URL or path (or an ellipsis that cut it short). */
export const trimUrl = (text: string): string => text.replace(/[.,;:!?'"…]+$/, '');

/** A URL cut short with an ellipsis (`…/data?range=Last%20quarter…`): the page it names, without the cut query. */
export const cutUrl = (text: string, value: string): string => (/(?:…|\.\.\.)$/.test(text.replace(/[,;:!?'"]+$/, '')) && value.includes('?') ? value.slice(0, value.indexOf('?')) : value);
