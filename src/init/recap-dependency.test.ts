import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recapDependency } from './recap-dependency.js';

describe('recapDependency', () => {
  it('names the version when recap runs as an installed package', () => {
    expect(recapDependency('0.3.1', path.join('/home/me/app/node_modules/recap'), '/home/me/new')).toEqual({ spec: '^0.3.1', local: false });
  });

  it('names a checkout of recap as a file: dependency relative to the project, with / separators', () => {
    expect(recapDependency('0.3.1', '/home/me/recap', '/home/me/projects/summaries')).toEqual({ spec: 'file:../../recap', local: true });
    expect(recapDependency('0.3.1', '/home/me/recap', '/home/me/recap/examples/one')).toEqual({ spec: 'file:../..', local: true });
  });
});
