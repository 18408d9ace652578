// Typing produces one rrweb Input event per keystroke; a summary wants one input-change per field
// edit, carrying the final value. A field's edit ends after a quiet spell, when another field gets
// input, when the field loses focus, when the user clicks elsewhere, or when the page changes.
// A field that is, or has been, a password field by then carries no value.

import type { FieldPreset } from '../privacy/field-values.js';
import { targetFields, type DerivedEvent, type DerivedTarget } from './derived-event.js';
import { cutText } from './clip-text.js';
import { withoutTypedValue } from './password-sweep.js';

/** Input events on one field this close together (and nothing else between) are one edit. */
export const INPUT_DEBOUNCE_MS = 3_000;
/** Longest input value kept; longer values end with an ellipsis. */
export const MAX_INPUT_VALUE_LENGTH = 200;

/** A recorded value cut to MAX_INPUT_VALUE_LENGTH (masking asterisks are kept as they are). */
export function clipInputValue(value: string): string {
  return cutText(value, MAX_INPUT_VALUE_LENGTH);
}

export interface FieldInput {
  readonly time: number;
  readonly order: number;
  readonly nodeId: number;
  readonly target: DerivedTarget | undefined;
  /** The value to report; undefined for a password field, which never carries one. */
  readonly value: string | boolean | undefined;
  /** The value as typed, before clipInputValue cut it: what is protected elsewhere when the field is. */
  readonly typed?: string | undefined;
  /** The preset whose placeholder replaces the value, judged in the mirrored page (`--privacy`). */
  readonly field?: FieldPreset | undefined;
  /**
   * Whether the field is, or has been, a password field now: asked when the edit ends, as a "show
   * password" toggle may hide the field again after the last keystroke.
   */
  readonly isPassword?: (() => boolean) | undefined;
}

/** Collapses the Input events of one window into input-change events. */
export class InputDebouncer {
  #open: FieldInput | undefined;

  /** `emit` receives each input-change with the last input of its edit. */
  constructor(private readonly emit: (event: DerivedEvent, input: FieldInput) => void) {}

  input(input: FieldInput): void {
    if (this.#open !== undefined && (this.#open.nodeId !== input.nodeId || input.time - this.#open.time > INPUT_DEBOUNCE_MS)) {
      this.flush();
    }
    this.#open = input;
  }

  /** The field `nodeId` lost focus. */
  blur(nodeId: number | undefined): void {
    if (this.#open !== undefined && this.#open.nodeId === nodeId) this.flush();
  }

  /** A click on `nodeId`: clicking into the field being edited does not end the edit. */
  click(nodeId: number | undefined): void {
    if (this.#open !== undefined && this.#open.nodeId !== nodeId) this.flush();
  }

  advance(time: number): void {
    if (this.#open !== undefined && time - this.#open.time > INPUT_DEBOUNCE_MS) this.flush();
  }

  /** Ends the open edit, if any (page change, end of recording). */
  flush(): void {
    const input = this.#open;
    if (input === undefined) return;
    this.#open = undefined;
    const fields: Record<string, unknown> = {};
    const target = targetFields(input.target);
    if (target !== undefined) fields.target = target;
    const field = input.field !== undefined && typeof input.value === 'string' && input.value !== '' && input.target?.blocked !== true ? input.field : undefined;
    if (input.value !== undefined) fields.value = field === undefined ? input.value : `[${field}]`;
    // What a preset replaced where it was typed is looked for in the rest of the session (see protectedValuesOf).
    const typed = input.typed ?? (typeof input.value === 'string' ? input.value : undefined);
    const protects = field !== undefined ? [{ value: typed as string, rule: field }] : input.target?.blocked === true && typed !== undefined && typed !== input.value ? [{ value: typed, rule: 'blocked' as const }] : undefined;
    const event: DerivedEvent = { type: 'input-change', time: input.time, order: input.order, fields, ...(field === undefined ? {} : { field }), ...(protects === undefined ? {} : { protects }) };
    this.emit(input.isPassword?.() === true ? withoutTypedValue(event) : event, input);
  }
}
