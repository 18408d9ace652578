// The fixed words of a profile (slice modes, context elements), apart from its zod schema so that
// code that only needs the words does not load zod.

/**
 * The slice modes: which part of a session is kept (`slice.mode`, default FIRST).
 *
 * @category Profiles
 */
export const SLICE_MODES = ['FIRST', 'LAST', 'TIMESTAMP'] as const;
/**
 * One of {@link SLICE_MODES}.
 *
 * @category Profiles
 */
export type SliceMode = (typeof SLICE_MODES)[number];

/**
 * The context elements a profile can include or exclude, in the order the prompt shows them.
 *
 * @category Profiles
 */
export const CONTEXT_ELEMENTS = ['user', 'org', 'location', 'device'] as const;
/**
 * One of {@link CONTEXT_ELEMENTS}.
 *
 * @category Profiles
 */
export type ContextElement = (typeof CONTEXT_ELEMENTS)[number];
