// Recording and privacy settings of an organisation (see docs/privacy.md): what is captured and
// masked (Standard), the privacy rules document (Architect) and element block rules (Admin). The
// rules apply to every context and summary of the organisation, read on each request, so a change
// made on one instance applies on all of them at once.

import { z } from 'zod';
import { compilePrivacyRules, privacyRulesSchema } from '../../privacy/privacy-rules.js';
import { EVENT_TYPES } from '../../session/event-types.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import { commitAnswer } from '../idempotency/commit-answer.js';
import { effectiveDocument } from '../privacy/org-privacy.js';
import type { BlockRuleRecord, JsonValue, PrivacySettingsRecord } from '../store/records.js';
import { jsonObjectSchema } from './schemas.js';

/** A block rule's id, given by the client (to update it) or made by the server. */
const BLOCK_RULE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const privacyView = (settings: PrivacySettingsRecord) => ({
  rules: settings.rules ?? {},
  version: settings.version,
  updated: settings.updatedAt,
});

const blockRuleView = (rule: BlockRuleRecord) => ({
  id: rule.id,
  selector: rule.selector,
  description: rule.description,
  created: rule.createdAt,
  updated: rule.updatedAt,
});

/** The problems of a rules document, as 400 details by path (`patterns.order`), or under `path` when given. */
function checkRules(document: unknown, path?: string): void {
  const result = compilePrivacyRules(document);
  if (!result.success) {
    throw invalidRequest('invalid privacy rules', result.problems.map((problem) => ({ path: path ?? problem.path, message: problem.message })));
  }
}

const privacyViewSchema = z.object({ rules: privacyRulesSchema, version: z.number().int(), updated: z.string().nullable() });
const blockRuleViewSchema = z.object({ id: z.string(), selector: z.string(), description: z.string().nullable(), created: z.string(), updated: z.string() });

export function settingsRoutes(): RouteDefinition<unknown, unknown>[] {
  const recording = defineRoute({
    method: 'get',
    path: '/v2/settings/recording',
    summary: 'What is captured and what is masked',
    tag: 'settings',
    level: 'standard',
    response: { status: 200, description: 'What the organisation records, and the privacy rules applied before a session reaches a prompt (pattern names only)' },
    errors: [401, 403],
    async handle({ store, org }) {
      const settings = await store.getPrivacySettings(org.id);
      const document = effectiveDocument(settings) as { presets?: string[]; patterns?: Record<string, string>; mask_properties?: string[]; block_selectors?: string[]; strip_url_params?: string[] };
      return {
        status: 200,
        body: {
          data_center: org.dataCenter,
          captured: { session_event_types: [...EVENT_TYPES], custom_events: true, server_events: true, user_properties: true },
          masked: {
            presets: document.presets ?? [],
            patterns: Object.keys(document.patterns ?? {}),
            mask_properties: document.mask_properties ?? [],
            block_selectors: document.block_selectors ?? [],
            strip_url_params: document.strip_url_params ?? [],
          },
          privacy_version: settings.version,
          updated: settings.updatedAt,
        },
      };
    },
  });

  const readPrivacy = defineRoute({
    method: 'get',
    path: '/v2/settings/privacy',
    summary: 'Read the privacy rules',
    tag: 'settings',
    level: 'architect',
    response: { status: 200, description: 'The rules document (`{}` when none was put), its version and when it changed', schema: privacyViewSchema },
    errors: [401, 403],
    async handle({ store, org }) {
      return { status: 200, body: privacyView(await store.getPrivacySettings(org.id)) };
    },
  });

  const putPrivacy = defineRoute({
    method: 'put',
    path: '/v2/settings/privacy',
    summary: 'Replace the privacy rules',
    tag: 'settings',
    level: 'architect',
    body: jsonObjectSchema.describe('The rules document of docs/privacy.md: presets, patterns, mask_properties, block_selectors, strip_url_params.'),
    response: { status: 200, description: 'The rules as stored, at their new version', schema: privacyViewSchema },
    errors: [400, 401, 403, 413],
    async handle({ store, org, deps, body }) {
      checkRules(body);
      const settings = await store.transaction((writer) => writer.putPrivacyRules(org.id, body as JsonValue, deps.clock().toISOString()));
      return { status: 200, body: privacyView(settings) };
    },
  });

  const listBlockRules = defineRoute({
    method: 'get',
    path: '/v2/settings/block-rules',
    summary: 'List element block rules',
    tag: 'settings',
    level: 'admin',
    response: { status: 200, description: 'Block rules, oldest first', schema: z.object({ results: z.array(blockRuleViewSchema) }) },
    errors: [401, 403],
    async handle({ store, org }) {
      const settings = await store.getPrivacySettings(org.id);
      return { status: 200, body: { results: settings.blockRules.map(blockRuleView) } };
    },
  });

  const putBlockRule = defineRoute({
    method: 'post',
    path: '/v2/settings/block-rules',
    summary: 'Create or update an element block rule',
    tag: 'settings',
    level: 'admin',
    // A create request: a retry with the same Idempotency-Key gets the saved answer, not a second rule.
    idempotent: true,
    body: z.strictObject({
      id: z.string().regex(BLOCK_RULE_ID, 'expected 1 to 64 letters, digits, - or _').optional().describe("An existing rule's id updates it; a new id (or none) creates one."),
      selector: z.string().min(1).max(1024).describe('A CSS selector: the text, value and name of events on matching elements, or inside them, become [blocked].'),
      description: z.string().max(1024).nullable().optional(),
    }),
    response: { status: 201, description: 'The rule (201 when created, 200 when an existing id was updated)', schema: blockRuleViewSchema },
    errors: [400, 401, 403, 413, 422],
    async handle({ store, org, deps, body }) {
      checkRules({ block_selectors: [body.selector] }, 'selector');
      const now = deps.clock().toISOString();
      const record: BlockRuleRecord = { orgId: org.id, id: body.id ?? `br-${deps.newId()}`, selector: body.selector, description: body.description ?? null, createdAt: now, updatedAt: now };
      return commitAnswer(store, async (writer) => {
        const { rule, created } = await writer.putBlockRule(record);
        return { status: created ? 201 : 200, body: blockRuleView(rule) };
      });
    },
  });

  const deleteBlockRule = defineRoute({
    method: 'delete',
    path: '/v2/settings/block-rules/{id}',
    summary: 'Delete an element block rule',
    tag: 'settings',
    level: 'admin',
    response: { status: 200, description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) },
    errors: [401, 403, 404],
    async handle({ store, org, deps, params }) {
      const id = params.id ?? '';
      const deleted = await store.transaction((writer) => writer.deleteBlockRule(org.id, id, deps.clock().toISOString()));
      if (!deleted) throw new ApiError('not_found', `no block rule ${id}`);
      return { status: 200, body: { id, deleted: true } };
    },
  });

  return [recording, readPrivacy, putPrivacy, listBlockRules, putBlockRule, deleteBlockRule] as RouteDefinition<unknown, unknown>[];
}
