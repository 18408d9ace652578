// A claim an answer makes, found by findClaims, and where it is in the text.

import type { DeviceField } from './device-claims.js';
import type { CountTopic } from './count-topics.js';
import type { Duration } from './durations.js';

/** A claim and where it is in the text (`end` exclusive). */
export type Claim =
  | {
      readonly kind: 'event';
      readonly text: string;
      readonly start: number;
      readonly end: number;
      readonly index: number;
      /** An event inside a range (`#13` of `#12–#15`), not one of its ends: the prompt may not have shown it, and the range still reads as one block of lines. */
      readonly inside?: true;
    }
  | { readonly kind: 'url'; readonly text: string; readonly start: number; readonly end: number; readonly url: string }
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly start: number;
      readonly end: number;
      readonly quote: string;
      /** An amount of money written without quotes: the ways a session may hold it (see amounts.ts). */
      readonly amounts?: readonly string[];
      /** A size of data (`48.6 MB`, see sizes.ts): what a file or payload measured, which the event cited with it (a request refused for it) need not record. */
      readonly size?: true;
      /** An HTTP status a request got (`returned a 500`): a number of its own in a text, not a piece of a bigger one (`€1,500`). */
      readonly status?: true;
      /** The key of a `key: value` line of a text answer (`export_id: exp_40918`): a claim only when an event of the session has a field of that name (see key-value-lines.ts). */
      readonly field?: string;
      /** What of the user's device the words name (`on a mobile device`, `in Safari`): checked against the context (see device-claims.ts). */
      readonly device?: DeviceField;
    }
  | { readonly kind: 'selector'; readonly text: string; readonly start: number; readonly end: number; readonly selector: string }
  | {
      readonly kind: 'count';
      readonly text: string;
      readonly start: number;
      readonly end: number;
      readonly count: number;
      readonly topic: CountTopic;
      /** A name without quotes, an element's ("clicked the Place order button") or a custom event's ("Checkout Started fired twice"): a claim only when a text of the session is this name. */
      readonly named?: string;
    }
  | {
      readonly kind: 'duration';
      readonly text: string;
      readonly start: number;
      readonly end: number;
      readonly seconds: number;
      readonly bound: Duration['bound'];
      readonly precise?: boolean;
      /** A clock reading with two digits before its colon and no word either way (`01:52`): a time of day when the session's times may be it, else minutes and seconds. */
      readonly clock?: true;
      /** A clock reading after `at` (`at 01:58`): an offset only when the session is that long and no time of day of it. */
      readonly moment?: true;
    };
