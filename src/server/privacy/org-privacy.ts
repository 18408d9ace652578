// An organisation's privacy rules as the server applies them: its rules document with its element
// block rules added to `block_selectors`, read from the store on every request that renders a
// session (so a change on one instance applies on every instance at once) and compiled once per
// version. A stored document that no longer compiles (written by another version of recap, say)
// fails the request: a privacy rule is never silently skipped.

import { compilePrivacyRules, type PrivacyRules } from '../../privacy/privacy-rules.js';
import { ApiError } from '../http/api-error.js';
import type { JsonValue, PrivacySettingsRecord } from '../store/records.js';
import type { StoreReader } from '../store/store.js';

/** The rules that apply to an organisation's sessions, at one settings version. */
export interface OrgPrivacy {
  /** Undefined when the organisation has no rules: sessions are rendered as stored. */
  readonly rules: PrivacyRules | undefined;
  /** The settings version, part of a cached summary's key. */
  readonly version: number;
}

/** The document the settings describe: the rules as put, block rules' selectors added. */
export function effectiveDocument(settings: PrivacySettingsRecord): Record<string, JsonValue> {
  const document = settings.rules !== null && typeof settings.rules === 'object' && !Array.isArray(settings.rules) ? { ...settings.rules } : {};
  const blockSelectors = settings.blockRules.map((rule) => rule.selector);
  if (blockSelectors.length === 0) return document;
  const own = Array.isArray(document.block_selectors) ? document.block_selectors : [];
  return { ...document, block_selectors: [...own, ...blockSelectors] };
}

const isEmpty = (document: Record<string, JsonValue>) => Object.values(document).every((value) => Array.isArray(value) ? value.length === 0 : value === null || (typeof value === 'object' && Object.keys(value).length === 0));

/** Compiled rules by organisation, with the version they were compiled at. */
const compiled = new Map<string, OrgPrivacy>();
const MAX_CACHED = 1000;

/** The organisation's rules now; compiles only when the version changed since the last call. */
export async function orgPrivacy(store: StoreReader, orgId: string): Promise<OrgPrivacy> {
  const settings = await store.getPrivacySettings(orgId);
  const cached = compiled.get(orgId);
  if (cached !== undefined && cached.version === settings.version) return cached;
  const document = effectiveDocument(settings);
  let rules: PrivacyRules | undefined;
  if (!isEmpty(document)) {
    const result = compilePrivacyRules(document);
    if (!result.success) {
      throw new ApiError('internal_error', `the organisation's privacy rules (version ${settings.version}) do not compile, so no session is rendered: ${result.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ')}`);
    }
    rules = result.rules;
  }
  const entry = { rules, version: settings.version };
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(orgId, entry);
  return entry;
}
