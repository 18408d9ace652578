import { describe, expect, it } from 'vitest';
import { assembleContext } from './assemble-context.js';

const session = {
  user: { uid: 'alice', email: 'alice@example.com' },
  org: { name: 'Acme' },
  location: { country: 'FR' },
  device: { type: 'desktop' },
};

const names = (context: object) => Object.keys(context);

describe('assembleContext', () => {
  it('includes all four elements by default', () => {
    expect(names(assembleContext(session).included)).toEqual(['user', 'org', 'location', 'device']);
  });

  it('starts from include when given', () => {
    const context = assembleContext(session, { include: ['device', 'location'] });
    expect(names(context.included)).toEqual(['location', 'device']);
    expect(names(context.excluded)).toEqual(['user', 'org']);
  });

  it('removes exclude from the default set', () => {
    expect(names(assembleContext(session, { exclude: ['user'] }).included)).toEqual(['org', 'location', 'device']);
  });

  it('lets exclusion win over inclusion', () => {
    expect(names(assembleContext(session, { include: ['user', 'device'], exclude: ['user'] }).included)).toEqual(['device']);
    expect(names(assembleContext(session, { include: ['user', 'org'], exclude_user_context: true }).included)).toEqual(['org']);
    expect(names(assembleContext(session, { include: ['org'], exclude_org_context: true }).included)).toEqual([]);
  });

  it('leaves out an element the session does not have', () => {
    const context = assembleContext({ device: { type: 'mobile' } }, { include: ['user', 'device'] });
    expect(context.included).toEqual({ device: { type: 'mobile' } });
    expect(context.excluded).toEqual({});
  });

  it('keeps the values of excluded elements apart, for display', () => {
    expect(assembleContext(session, { exclude_user_context: true }).excluded).toEqual({ user: session.user });
  });
});
