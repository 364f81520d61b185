import { describe, expect, it } from 'vitest';
import { redactPath } from '../../src/logger.js';

describe('redactPath', () => {
  it('hides the edit token in every position of a path', () => {
    const token = 'a'.repeat(43);
    expect(redactPath(`/edit/${token}`)).toBe('/edit/[gizli]');
    expect(redactPath(`/edit/${token}/profile?x=1`)).toBe('/edit/[gizli]/profile?x=1');
    expect(redactPath('/cagriozturk')).toBe('/cagriozturk');
  });
});
