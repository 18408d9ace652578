import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './is-connection-failure.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const databaseError = (message: string, code: string, severity = 'ERROR') => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity });

describe('isConnectionFailure', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a refused connection to every address of a name', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')])],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND')],
    ['a connection the server ended', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['the server shutting down', databaseError('terminating connection due to administrator command', '57P01', 'FATAL')],
    ['the server starting up', databaseError('the database system is starting up', '57P03', 'FATAL')],
    ['too many connections', databaseError('sorry, too many clients already', '53300', 'FATAL')],
    ['a connection exception', databaseError('connection failure', '08006', 'FATAL')],
  ])('is true for %s', (_, error) => {
    expect(isConnectionFailure(error)).toBe(true);
  });

  it.each([
    ['a value out of range', databaseError('value "4294967296" is out of range for type integer', '22003')],
    ['a unique violation', databaseError('duplicate key value violates unique constraint "users_uid"', '23505')],
    ['a serialization failure', databaseError('could not serialize access due to concurrent update', '40001')],
    ['a programming error', new TypeError('Cannot read properties of undefined')],
    ['something thrown that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isConnectionFailure(error)).toBe(false);
  });
});
