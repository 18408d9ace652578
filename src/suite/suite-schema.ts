// The regression suite file (`*.recap.yaml`, see docs/suites.md): a profile, a model, and cases.

import { z } from 'zod';
import { fieldPathProblem } from './value-at-path.js';
import { CONTEXT_ELEMENTS } from '../profile/profile-terms.js';
import { PROVIDERS } from '../models/summary-model.js';
import { snapshotName } from './snapshot-store.js';
import { matchesEverythingProblem, patternProblem, regexPattern, regexProblem, textPattern, type TextPattern } from './text-pattern.js';

/** Plain text or /regex/flags, checked when the suite loads rather than when a case runs. */
const textOrRegex = z.string().superRefine((source, context) => {
  const problem = source === '' ? 'an empty text is in every text, so the check cannot fail: write what to look for' : patternProblem(source);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

const textList = z.array(textOrRegex).describe('Plain text, or /regex/flags for a regular expression.');

/** Why a present-check of `pattern` would pass on any text (`/refund|/`), once it compiles. */
const everythingProblem = (read: () => TextPattern, written?: string): string | undefined => {
  try {
    return matchesEverythingProblem(read(), written);
  } catch {
    return undefined; // an invalid regular expression, reported by its own check
  }
};

/** A text that must be present: also refused when it is a /regex/ that matches every text. */
const presentText = textOrRegex.superRefine((source, context) => {
  const problem = source === '' ? undefined : everythingProblem(() => textPattern(source));
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

const presentList = z.array(presentText).describe('Plain text, or /regex/flags for a regular expression.');

const countRange = z
  .strictObject({
    min: z.number().int().nonnegative().optional(),
    max: z.number().int().nonnegative().optional(),
  })
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    message: 'min is greater than max',
  })
  // A range that every count is in reads as a check and can never fail.
  .superRefine((range, context) => {
    if (range.max !== undefined) return;
    if (range.min === undefined) context.addIssue({ code: 'custom', message: '{} sets no bound, so the check cannot fail: give min, max or both' });
    else if (range.min === 0) context.addIssue({ code: 'custom', path: ['min'], message: 'every count is at least 0, so the check cannot fail: give a min above 0 or a max' });
  });

/** Assertions on the prepared request; they never call a model. */
export const promptAssertionsSchema = z.strictObject({
  includes_types: z.array(z.string().min(1)).optional().describe('Each key (type, or custom name) is among the kept events.'),
  excludes_types: z.array(z.string().min(1)).optional().describe('No kept event has one of these keys.'),
  contains: presentList.optional().describe('The prompt contains each text (or matches each /regex/).'),
  not_contains: textList.optional().describe('The prompt contains none of these texts.'),
  kept_events: countRange.optional().describe('How many events are kept.'),
  max_tokens: z.number().int().positive().optional().describe('The estimated prompt tokens are at most this.'),
  context: z
    .strictObject({
      include: z.array(z.enum(CONTEXT_ELEMENTS)).optional(),
      exclude: z.array(z.enum(CONTEXT_ELEMENTS)).optional(),
    })
    .optional()
    .describe('Context elements that must be in / must not be in the prompt.'),
  snapshot: z.boolean().optional().describe('Compare the prompt with __snapshots__/<suite>/<case>.txt.'),
  privacy: z
    .record(z.string().min(1), z.union([z.number().int().nonnegative(), countRange]))
    .optional()
    .describe('Replacements each privacy rule made (email, card, masked, blocked, a pattern name): an exact count or { min, max }.'),
  redacts: textList.optional().describe('Each text is in the recorded session and never reaches the prompt.'),
});

/** One check on a field of a structured answer, by dotted path with [n] indices. */
export const fieldAssertionSchema = z
  .strictObject({
    path: z
      .string()
      .min(1)
      .superRefine((path, context) => {
        const problem = fieldPathProblem(path);
        if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
      })
      .describe('e.g. outcome, friction[0].kind, last_page.url'),
    equals: z.unknown().optional(),
    one_of: z.array(z.unknown()).min(1).optional(),
    contains: z
      .unknown()
      .superRefine((needle, context) => {
        // A string is read as text or /regex/ against a string value: checked when the suite loads.
        const problem =
          typeof needle !== 'string'
            ? undefined
            : needle === ''
              ? 'an empty text is in every string: write what to look for'
              : (patternProblem(needle) ?? everythingProblem(() => textPattern(needle, { ignoreCase: true })));
        if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe('A substring of a string (case-insensitive), or an element of a list.'),
    matches: z
      .string()
      .min(1, 'an empty regular expression matches every string: write what to match')
      .superRefine((source, context) => {
        const problem = regexProblem(source) ?? everythingProblem(() => regexPattern(source), source);
        if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe('A regular expression the string value must match.'),
    min_length: z
      .number()
      .int()
      .nonnegative()
      .refine((length) => length !== 0, { message: 'every string and list is at least 0 long, so the bound cannot fail: give a length above 0 (schema_valid checks the type)' })
      .optional()
      .describe('Length of a string or list, more than 0.'),
    max_length: z.number().int().nonnegative().optional(),
  })
  .refine(
    (field) =>
      ['equals', 'one_of', 'contains', 'matches', 'min_length', 'max_length'].some((key) => key in field),
    { message: 'a field check needs one of equals, one_of, contains, matches, min_length, max_length' },
  );

/** Assertions on the model's answer; they need a model or a cassette. */
export const answerAssertionsSchema = z.strictObject({
  schema_valid: z.literal(true, { error: 'schema_valid can only be true (leave it out to skip the check)' }).optional().describe('The answer fits the profile response schema.'),
  fields: z.array(fieldAssertionSchema).optional(),
  summary_contains: presentList.optional().describe('The answer text contains each (case-insensitive, or /regex/).'),
  summary_not_contains: textList.optional(),
  judge: z
    .string()
    // A blank criterion would ask the judge nothing, and any answer would be graded against it.
    .regex(/\S/, { message: 'a blank criterion asks the judge nothing: write what the answer must say (or leave judge out)' })
    .optional().describe('A rubric a model grades the answer against (pass/fail with a reason).'),
  grounded: z.literal(true, { error: 'grounded can only be true (leave it out to skip the check)' }).optional().describe('No claim of the answer is unsupported or dropped (docs/grounding.md).'),
  grounding: z
    .strictObject({
      min_score: z
        .number()
        .min(0)
        .max(1)
        .refine((score) => score !== 0, { message: 'every grounding score is at least 0, so the check cannot fail: give a score above 0 (1: every claim supported)' })
        .optional()
        .describe('The grounding score is at least this, more than 0.'),
      max_unsupported: z.number().int().nonnegative().optional().describe('At most this many unsupported claims.'),
      max_dropped: z.number().int().nonnegative().optional().describe('At most this many claims the profile dropped.'),
    })
    // `grounding: {}` would read as a check and bound nothing.
    .refine((bounds) => Object.keys(bounds).length > 0, { message: 'grounding: {} sets no bound: give min_score, max_unsupported or max_dropped (or use grounded: true)' })
    .optional()
    .describe('Bounds on the answer\'s grounding report.'),
});

/** The most model runs a case may ask for, in the suite (`repeat:`) or on the command line (`--repeat`). */
export const MAX_REPEAT = 100;

export const suiteCaseSchema = z
  .strictObject({
    name: z.string().min(1),
    session: z.string().min(1).describe('A session fixture, relative to the suite file.'),
    prompt: promptAssertionsSchema.optional(),
    expect: answerAssertionsSchema.optional(),
    repeat: z.number().int().positive().max(MAX_REPEAT).optional().describe('Runs of the model for this case.'),
    threshold: z
      .number()
      // A threshold of 0 would pass the case when every run fails.
      .gt(0)
      .max(1)
      .optional()
      .describe('Share of runs that must pass, more than 0 (default 1).'),
  })
  .superRefine((testCase, context) => {
    if (testCase.threshold !== undefined && testCase.repeat === undefined) {
      context.addIssue({ code: 'custom', path: ['threshold'], message: 'threshold needs repeat' });
    }
    // Without answer assertions no model runs, so a repeat would silently never happen.
    if (testCase.repeat !== undefined && testCase.expect === undefined) {
      context.addIssue({ code: 'custom', path: ['repeat'], message: 'repeat needs expect: a case with only prompt assertions calls no model, so there is nothing to repeat' });
    }
    // A case that checks nothing would pass whatever the profile does.
    if (testCase.expect === undefined && !hasPromptCheck(testCase.prompt)) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: 'the case checks nothing (no prompt assertion and no expect), so it would pass whatever the profile does: add prompt assertions or expect',
      });
    }
  });

/** True when a value asks for something: not only empty lists, empty objects or `false`, at any depth. */
function asksSomething(value: unknown): boolean {
  if (value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.values(value).some(asksSomething);
  return true;
}

/** True when the prompt block asks for something (`context: { include: [] }` and `contains: []` do not). */
function hasPromptCheck(prompt: PromptAssertions | undefined): boolean {
  return asksSomething(prompt ?? {});
}

export const suiteSchema = z
  .strictObject({
    profile: z.string().min(1).describe('The profile under test, relative to the suite file.'),
    provider: z.enum(PROVIDERS).optional().describe('Default: as `recap run`.'),
    model: z.string().min(1).optional(),
    cases: z.array(suiteCaseSchema).min(1),
  })
  .superRefine((suite, context) => {
    const seen = new Set<string>();
    // Snapshot files are named after their cases: two names that differ only in case or
    // punctuation would share one file and overwrite each other.
    const snapshots = new Map<string, string>();
    suite.cases.forEach((testCase, index) => {
      if (seen.has(testCase.name)) {
        context.addIssue({ code: 'custom', path: ['cases', index, 'name'], message: `another case is named "${testCase.name}"` });
      }
      seen.add(testCase.name);
      if (testCase.prompt?.snapshot !== true) return;
      const file = snapshotName(testCase.name);
      const other = snapshots.get(file);
      if (other !== undefined && other !== testCase.name) {
        context.addIssue({ code: 'custom', path: ['cases', index, 'name'], message: `its snapshot file would be ${file}.txt, as for the case "${other}": rename one of them` });
      }
      snapshots.set(file, testCase.name);
    });
  });

export type Suite = z.infer<typeof suiteSchema>;
export type SuiteCase = z.infer<typeof suiteCaseSchema>;
export type PromptAssertions = z.infer<typeof promptAssertionsSchema>;
export type AnswerAssertions = z.infer<typeof answerAssertionsSchema>;
export type FieldAssertion = z.infer<typeof fieldAssertionSchema>;
