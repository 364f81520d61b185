import { describe, expect, it } from 'vitest';
import { faultOf, OperationFailedError, StorageFullError } from '../../src/errors.js';

/** An error as a driver throws it: a message and a code. */
function coded(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('faultOf', () => {
  it('finds a full disk: the filesystem says ENOSPC or EDQUOT, SQLite says SQLITE_FULL', () => {
    expect(faultOf(coded('ENOSPC'))).toBe('disk');
    expect(faultOf(coded('EDQUOT'))).toBe('disk');
    expect(faultOf(coded('SQLITE_FULL', 'database or disk is full'))).toBe('disk');
    expect(faultOf(new StorageFullError(coded('ENOSPC')))).toBe('disk');
  });

  it(
    'finds a database that is away: refused sockets, PostgreSQL shutting down or starting, pool timeouts, ' +
      'dead sockets',
    () => {
      for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '53300', 'SQLITE_BUSY'])
        expect(faultOf(coded(code)), code).toBe('database');
      const timeout = new Error('Knex: Timeout acquiring a connection. The pool is probably full.');
      timeout.name = 'KnexTimeoutError';
      expect(faultOf(timeout)).toBe('database');
      expect(faultOf(new Error('select * from "customers" - Connection terminated unexpectedly'))).toBe('database');
    },
  );

  it('looks through orFail wrappers to the cause', () => {
    expect(faultOf(new OperationFailedError('Mesaj gönderilemedi', coded('57P01')))).toBe('database');
    expect(
      faultOf(new OperationFailedError('Fotoğraf kaydedilemedi', new Error('outer', { cause: coded('ENOSPC') }))),
    ).toBe('disk');
  });

  it('leaves everything else alone: bugs, constraint violations, odd values', () => {
    expect(faultOf(new TypeError('x is undefined'))).toBeNull();
    expect(faultOf(coded('23505', 'duplicate key'))).toBeNull();
    expect(faultOf(coded('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBeNull();
    expect(faultOf(null)).toBeNull();
    expect(faultOf('ENOSPC')).toBeNull();
  });
});
