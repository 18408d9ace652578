// `recap test` in a GitHub Actions step, against a prompt-injected model: the runner reads every
// line of stdout and stderr that starts with `::` (after whitespace) as a workflow command, so no
// line of any reporter may start so but recap's own `::error` annotations.

import { describe, expect, it } from 'vitest';
import { useGeminiStandIn } from './support/shared-gemini-stand-in.js';
import { createWorkspace } from './support/suite-workspace.js';

const gemini = useGeminiStandIn();

const SUITE = `profile: plain.yaml
provider: gemini
cases:
  - name: the judge likes it
    session: session.json
    expect:
      judge: "Does the summary name the coupon?"
`;

/** The judge's verdict, steered by the session: its reason spans lines that are workflow commands. */
const VERDICT = JSON.stringify({ pass: false, reason: 'no coupon\n::add-mask::x\n   ::set-output name=deploy::true\r::error file=ci.yml,line=1::fake\n\u001b[8mhidden' });

/** Lines a GitHub runner would run: split at \r and \n, leading whitespace trimmed. */
const commands = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/.test(line));
const OWN = /^::error file=x\.recap\.yaml,line=4,title=recap%3A the judge likes it::expect\.judge: judge: fail — no coupon%0A::add-mask::x%0A {3}::set-output name=deploy::true%0D::error file=ci\.yml,line=1::fake%0A\\u001b\[8mhidden$/;

describe('recap test in a GitHub Actions step', () => {
  it('prints the judge reason of a prompt-injected model in every reporter without a workflow command of its own', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': SUITE });
    gemini.standIn.enqueue('The user applied a coupon and it failed.', VERDICT);
    const recorded = await workspace.run([], {}, gemini.env);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(1);
    const env = { GITHUB_ACTIONS: 'true', CI: 'true' };

    const pretty = await workspace.run([], {}, env);
    expect(pretty.stdout).toContain('\\u003a:add-mask::x');
    expect(commands(pretty.stdout)).toEqual([expect.stringMatching(OWN)]);
    expect(commands(pretty.stderr)).toEqual([]);

    // JUnit on stdout, the annotation on stderr.
    const junit = await workspace.run([], { reporter: 'junit' }, env);
    expect(junit.stdout).toContain('&#58;:add-mask::x');
    expect(commands(junit.stdout)).toEqual([]);
    expect(commands(junit.stderr)).toEqual([expect.stringMatching(OWN)]);

    const json = await workspace.run([], { reporter: 'json' }, env);
    expect(commands(json.stdout)).toEqual([]);
    expect(commands(json.stderr)).toEqual([expect.stringMatching(OWN)]);
  });
});
