import { describe, expect, it } from 'vitest';
import { escapeHref, escapeHtml, isRefusedHref } from './html-escape.js';

describe('escapeHtml', () => {
  it('drops bidi controls, so that a recorded label cannot show in another order than it is', () => {
    // "invoice<RLO>fdp.exe" is drawn as "invoiceexe.pdf".
    expect(escapeHtml('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(escapeHtml('a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069i')).toBe('abcdefghi');
  });

  it('drops C1 controls and noncharacters, which HTML forbids like C0 controls', () => {
    expect(escapeHtml('x\u0085y\u009bz\u0090 \ufdd0\ufffe\uffff<')).toBe('xyz &lt;');
  });

  it('keeps right-to-left text and its marks', () => {
    expect(escapeHtml('שלום \u200fעולם\u200e abc')).toBe('שלום \u200fעולם\u200e abc');
  });
});

describe('isRefusedHref', () => {
  it('keeps http, https and relative paths', () => {
    for (const href of ['https://app.recap.test/sessions/u-1%3As-1', 'http://localhost:8080/s', 'sessions/a%23b.json', '../s/x.json', '/abs/path.json', '#top']) {
      expect(isRefusedHref(href), href).toBe(false);
    }
  });

  it('refuses every other scheme: a link that opens a file, a share or an app', () => {
    for (const href of ['file:///etc/passwd', 'FILE://evil.test/share/x', 'smb://evil.test/share', 'ms-msdt:/id PCWDiagnostic', 'search-ms:query=x', 'javascript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(isRefusedHref(href), href).toBe(true);
    }
  });

  it('refuses a path that names a host, which a report opened from disk reads as file://host', () => {
    for (const href of ['//evil.test/share/x', '\\\\evil.test\\share', '/\\evil.test/x', ' //evil.test']) {
      expect(isRefusedHref(href), href).toBe(true);
    }
  });

  it('refuses a scheme that a dropped character hides: escapeHref never writes javascript:', () => {
    for (const href of ['java\u202escript:alert(1)', 'java\u0085script:alert(1)', 'java\ufffescript:alert(1)']) {
      expect(escapeHref(href), JSON.stringify(href)).toBe('#');
    }
  });
});
