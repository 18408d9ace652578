import { describe, expect, it } from 'vitest';
import { githubAnnotations } from './github-annotations.js';
import { failedReport } from './test-support/failed-report.js';

const report = (file: string, name: string, failure: string) => failedReport({ file, name, failure });

describe('githubAnnotations', () => {
  it('escapes what would end the command or its properties, as GitHub reads them', () => {
    const text = githubAnnotations(report('a,b:c.yaml', 'x, y: z %0A', 'bad\n::error::fake\r\n100%'));
    expect(text).toBe('::error file=a%2Cb%3Ac.yaml,line=4,title=recap%3A x%2C y%3A z %250A::bad%0A::error::fake%0D%0A100%25\n');
  });

  it('shows control and bidi characters of a case and its reason as escapes, as the pretty report does', () => {
    const text = githubAnnotations(report('x.yaml', 'the \u001b]0;owned\u0007 case', 'judge: invoice\u202efdp.exe \u001b[8mhidden'));
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toBe('::error file=x.yaml,line=4,title=recap%3A the \\u001b]0;owned\\u0007 case::judge: invoice\\u202efdp.exe \\u001b[8mhidden\n');
  });
});
