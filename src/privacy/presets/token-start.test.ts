import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextFacts } from './text-facts.js';
import { TOKEN_START } from './token-start.js';

/** Pieces of the token starts and characters around them, so that random texts hold them often, whole and cut. */
const PIECES = ['eyJ', 'ey', 'J', 'earer', 'EARER', 'eArEr', 'Bearer ', 'asic', 'ASIC', 'aSiC', 'E', 'R', 'I', 'S', 'C', 'PRIVATE KEY-', 'PRIVATE KEY', 'KEY-', 'KEY BLOCK-', 'PRIVATE KEY BLOCK-', 'Y-', 'K-', 'sk-', 'sk', '_live_', '_test_', 'AKIA', 'ASIA', 'AIza', 'ghp_', 'gh', 'github_pat_', 'xoxb-', 'xox', 'xapp-', 'xapp', 'pp-', 'sq0atp-', 'sq0csp-', 'sq0', 'tp-', 'sp-', 'p-', 'key-', 'ke', 'y-', 'SG.', 'SG', 'G.', 'G', '.', 'x', 'hooks.slack.c', 'hooks.slack.', 'slack.com', 'k.c', '.c', 'a', 'e', 'r', 'c', 'A', '-', '_', ' ', '1', '€', 'é',
  // The vendors' prefixes of vendor-keys.ts, whole and cut.
  'glc_', 'gl', 'c_', 'glsa_', 'ATATT3', 'ATATT', 'AT', 'sb_secret_', 'secret_', 't_', 'sntrys_', 'sntryu_', 'y_', 'ntn_', 'n_', 'figd_', 'nfp_', 'p_', 'NRAK-', 'NRII-', 'AGE-SECRET-KEY-', 'SECRET-KEY-',
  'shpss_', 'shppa_', 'pscale_tkn_', 'pscale_pw_', 'pscale_oauth_', 'PMAK-', 'pul-', 'l-', 'lin_oauth_', 'glrt-', 'gldt-', 'glptt-', 'glsoat-', 'glagent-', 't-', 'r8_', '8_', 'gsk_', 'HRKU-', 'U-', 'vcp_', 'vck_', 'vc', 'sk.eyJ'];

describe('TextFacts.tokenStart', () => {
  it('is true exactly when TOKEN_START matches the text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(new TextFacts(text).tokenStart).toBe(TOKEN_START.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(['eyJhbGciOi', 'Bearer x', 'bearer', 'BEARER', 'BeArEr', 'bEARER', 'Basic', 'BASIC', 'BaSiC', 'bASIC', '-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN PGP PRIVATE KEY BLOCK-----', 'sk-', 'pk_live_', 'rk_test_', 'AKIA', 'ASIA', 'AIza', 'ghp_', 'ghs_', 'github_pat_', 'xoxb-', 'xoxr-', 'xapp-', 'sq0atp-', 'sq0csp-', 'key-', 'https://hooks.slack.com/services/', 'SG.x', 'glc_', 'glsa_', 'ATATT3', 'sb_secret_', 'sntrys_', 'sntryu_', 'sk.eyJ', 'ntn_', 'figd_', 'nfp_', 'NRAK-', 'NRII-', 'AGE-SECRET-KEY-', 'shpss_', 'pscale_pw_', 'PMAK-', 'pul-', 'lin_oauth_', 'glrt-', 'glagent-', 'r8_', 'gsk_', 'HRKU-', 'vcr_'])('finds the start in %j', (text) => {
    expect(new TextFacts(text).tokenStart).toBe(true);
    expect(new TextFacts(`x ${text} y`).tokenStart).toBe(true);
  });

  it.each(['eyj', 'Bear', 'basis', 'sk_', 'AKI', 'AIzb', 'ghx_', 'xoxz-', 'KEY -', 'slack.com', 'SG.', 'SG. x', 'GET SGML', 'hooks.slack.io', 'div.app-header', 'sq0atx-', 'top-bar', 'Revenue overview — Metricly', 'ATAT3', 'nrak-', 'glx_', 'R8_', 'vcx_', 'pull-', 'gsk'])('finds none in %j', (text) => {
    expect(new TextFacts(text).tokenStart).toBe(false);
  });

  it('reads one text after another, forgetting the last', () => {
    const facts = new TextFacts('call 4111 1111 1111 1111 eyJx');
    expect(facts.digitRuns).toHaveLength(1);
    facts.read('plain');
    expect([facts.text, facts.digits, facts.tokenStart, facts.digitRuns.length]).toEqual(['plain', 0, false, 0]);
  });
});
