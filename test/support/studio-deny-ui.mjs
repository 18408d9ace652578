// A module hook that makes any import of Ink or React fail: a process started with
// `--import ./test/support/studio-deny-ui.mjs` proves that its code path never loads the studio UI.

import { register } from 'node:module';

const hook = `
const UI = /^(ink|ink-spinner|ink-testing-library|react|react-reconciler)(\\/|$)/;
export async function resolve(specifier, context, next) {
  if (UI.test(specifier)) throw new Error('a headless command loaded the studio UI: ' + specifier);
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hook)}`);
