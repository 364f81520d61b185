import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/errors.js';
import { idListParam, messages } from '../../../src/http/id-list.js';

function refusal(raw: unknown): string {
  try {
    idListParam(raw);
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return err.message;
    throw err;
  }
  throw new Error('expected a 400');
}

describe('idListParam', () => {
  it('reads a comma list, repeated ids and the empty field of the list form', () => {
    expect(idListParam(undefined)).toBeNull();
    expect(idListParam('1,2,3')).toEqual([1, 2, 3]);
    expect(idListParam(['', '7', '9'])).toEqual([7, 9]);
    expect(idListParam('4,')).toEqual([4]);
  });

  it('refuses anything but ids, and an empty choice', () => {
    for (const raw of ['abc', '1;2', '0', '-1', '1e3', '01', ['1', { a: 1 }], '1,2 OR 1=1'])
      expect(refusal(raw)).toBe(messages.badIds);
    expect(refusal('')).toBe(messages.noneChosen);
    expect(refusal([''])).toBe(messages.noneChosen);
    expect(refusal(Array.from({ length: 5001 }, (_, i) => String(i + 1)).join(','))).toBe(messages.tooMany);
  });
});
