import { describe, expect, it } from 'vitest';
import { classifySendError, describeSendError } from '../../../src/mail/smtp-transport.js';
import { retryDelayMs } from '../../../src/services/mail-outbox-worker.js';

describe('classifySendError', () => {
  it('calls a 5xx reply permanent and everything else temporary', () => {
    expect(classifySendError({ responseCode: 550, response: '550 Mailbox unavailable' })).toBe('permanent');
    expect(classifySendError({ responseCode: 535, code: 'EAUTH' })).toBe('permanent');
    expect(classifySendError({ responseCode: 451 })).toBe('temporary');
    expect(classifySendError({ responseCode: 421 })).toBe('temporary');
    expect(
      classifySendError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' })),
    ).toBe('temporary');
    expect(classifySendError(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }))).toBe('temporary');
    expect(classifySendError(null)).toBe('temporary');
  });

  it('describes a failure by the server reply, else by code and message', () => {
    expect(describeSendError({ responseCode: 550, response: '550 Mailbox unavailable' })).toBe(
      '550 Mailbox unavailable',
    );
    expect(describeSendError(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }))).toBe(
      'ETIMEDOUT: Connection timeout',
    );
  });
});

describe('retryDelayMs', () => {
  it('waits 1 minute, then doubles up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});
