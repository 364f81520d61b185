import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { throttleLogger } from '../../../src/middleware/throttle-logger.js';

function capture(): { lines: Array<Record<string, unknown>>; stream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('throttleLogger', () => {
  it('writes a store error of a database that is away as one warn line, without a stack', () => {
    const { lines, stream } = capture();
    const log = throttleLogger(createLogger('info', stream));
    log.error(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      'express-rate-limit: error from store during decrement.',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      fault: 'database',
      msg: 'express-rate-limit: error from store during decrement.',
    });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
  });

  it('keeps any other error as an error line with the error', () => {
    const { lines, stream } = capture();
    const log = throttleLogger(createLogger('info', stream));
    log.error(new Error('beklenmedik'), 'express-rate-limit: error in requestWasSuccessful callback.');
    log.warn(new Error('ayar uyarısı'));
    expect(lines.map((l) => l.level)).toEqual([50, 40]);
    expect(lines[0]).toMatchObject({
      msg: 'express-rate-limit: error in requestWasSuccessful callback.',
      err: { message: 'beklenmedik' },
    });
    expect(lines[1]).toMatchObject({ msg: 'express-rate-limit', err: { message: 'ayar uyarısı' } });
  });
});
