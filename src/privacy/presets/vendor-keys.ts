// API keys and tokens of more vendors, part of the `secret` preset (see secret-detector.ts): each
// starts with a fixed prefix that ordinary text does not hold (`glc_`, `ATATT3`, `sb_secret_`,
// `NRAK-`…), then a body of a known alphabet and length. Each prefix is a token's start (see
// token-start.ts), so a text without one costs no regular expression, and the privacy probe judges
// every text that holds one.

import { matchesOf, type Span } from './detector.js';

/**
 * The vendors' keys, each a fixed prefix and its body; a key ends where a word ends. Grafana's
 * Cloud token (`glc_` and base64 of JSON) and service account token (`glsa_`), Atlassian's API
 * token (`ATATT3…`), Supabase's secret key (`sb_secret_`), Sentry's organisation and user tokens
 * (`sntrys_eyJ…`, `sntryu_`), Mapbox's secret token (`sk.eyJ…`, the public one is `pk.`), Notion's
 * (`secret_` and 43 letters and digits, `ntn_`), Figma's (`figd_`), Netlify's (`nfp_`), New Relic's
 * user and insert keys (`NRAK-`, `NRII-`), age's secret key (`AGE-SECRET-KEY-1…`), Shopify's shared
 * secret and partner token (`shpss_`, `shppa_`), PlanetScale's (`pscale_tkn_`, `pscale_pw_`,
 * `pscale_oauth_`), Postman's (`PMAK-`), Pulumi's (`pul-`), Linear's OAuth token (`lin_oauth_`),
 * GitLab's other tokens (runner `glrt-`, deploy `gldt-`, trigger `glptt-`, feed `glft-`, and
 * others), Replicate's (`r8_`), Groq's (`gsk_`), Heroku's (`HRKU-`) and Vercel's (`vcp_`, `vci_`,
 * `vca_`, `vcr_`, `vck_`).
 */
const VENDOR_KEY = new RegExp(
  `(?<![\\w.-])(?:${[
    'glc_[A-Za-z0-9+/]{32,400}={0,2}(?![\\w+/=-])',
    'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![\\w-])',
    'ATATT3[\\w=-]{50,300}(?![\\w=-])',
    'sb_secret_[\\w-]{20,}',
    'sntrys_eyJ[\\w+/=-]{20,}',
    'sntryu_[a-f0-9]{64}(?![\\w-])',
    'sk\\.eyJ[\\w-]{20,}\\.[\\w-]{20,}',
    'secret_[A-Za-z0-9]{43}(?![\\w-])',
    'ntn_\\d{11}[A-Za-z0-9]{35}(?![\\w-])',
    'figd_[\\w-]{40,}',
    'nfp_[A-Za-z0-9]{36}(?![\\w-])',
    'NRAK-[A-Z0-9]{27}(?![\\w-])',
    'NRII-[\\w-]{32}(?![\\w-])',
    'AGE-SECRET-KEY-1[0-9A-Z]{58}(?![\\w-])',
    'shp(?:ss|pa)_[a-fA-F0-9]{32}(?![\\w-])',
    'pscale_(?:tkn|pw|oauth)_[\\w.-]{32,64}(?![\\w.-])',
    'PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![\\w-])',
    'pul-[a-f0-9]{40}(?![\\w-])',
    'lin_oauth_[a-f0-9]{64}(?![\\w-])',
    'gl(?:rt|dt|ptt|ft|soat|imt|cbt|oas|agent)-[\\w-]{20,}',
    'r8_[A-Za-z0-9]{37}(?![\\w-])',
    'gsk_[A-Za-z0-9]{52}(?![\\w-])',
    'HRKU-[\\w-]{30,}',
    'vc[pikar]_[A-Za-z0-9]{24,}(?![\\w-])',
  ].join('|')})`,
  'g',
);

/**
 * The fixed prefixes of VENDOR_KEY, each one as written (Mapbox's `sk.eyJ` is found by the `eyJ` of
 * every JWT, Atlassian's `ATATT3` at its first letter: see tokenStartAt).
 */
export const VENDOR_KEY_PREFIXES: readonly string[] = [
  'glc_', 'glsa_', 'ATATT3', 'sb_secret_', 'sntrys_', 'sntryu_', 'sk.eyJ', 'secret_', 'ntn_', 'figd_', 'nfp_', 'NRAK-', 'NRII-', 'AGE-SECRET-KEY-',
  'shpss_', 'shppa_', 'pscale_tkn_', 'pscale_pw_', 'pscale_oauth_', 'PMAK-', 'pul-', 'lin_oauth_',
  'glrt-', 'gldt-', 'glptt-', 'glft-', 'glsoat-', 'glimt-', 'glcbt-', 'gloas-', 'glagent-', 'r8_', 'gsk_', 'HRKU-', 'vcp_', 'vci_', 'vck_', 'vca_', 'vcr_',
];

/** A text without any of VENDOR_KEY_PREFIXES holds no vendor key. */
export const VENDOR_KEY_START = new RegExp(VENDOR_KEY_PREFIXES.map((prefix) => prefix.replace(/[.]/g, '\\.')).join('|'));

/** The prefixes that end in `_` or `-`, at whose last character tokenStartAt finds them. */
export const VENDOR_UNDERSCORE_ENDS = VENDOR_KEY_PREFIXES.filter((prefix) => prefix.endsWith('_'));
export const VENDOR_DASH_ENDS = VENDOR_KEY_PREFIXES.filter((prefix) => prefix.endsWith('-'));

/** Vendors' keys (VENDOR_KEY); Notion's `secret_…` needs a digit, so that a long identifier after `secret_` is not one. */
export function findVendorKeys(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(VENDOR_KEY, text)) {
    const key = match[0];
    if (key.startsWith('secret_') && !/\d/.test(key)) continue;
    spans.push({ start: match.index, end: match.index + key.length });
  }
  return spans;
}
