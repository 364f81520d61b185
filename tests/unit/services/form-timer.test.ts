import { describe, expect, it } from 'vitest';
import { FORM_STAMP_LIFETIME_MS, FormTimer } from '../../../src/services/form-timer.js';

const timer = new FormTimer('a-secret-of-the-test');
const shownAt = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('FormTimer.kept: the stamp a refused form is shown again with', () => {
  it('is the sent stamp while it is ours and in its lifetime, too fast or not', () => {
    const stamp = timer.stamp(shownAt);
    expect(timer.kept(stamp, shownAt + 500)).toBe(stamp);
    expect(timer.kept(stamp, shownAt + 5000)).toBe(stamp);
    expect(timer.kept(stamp, shownAt + FORM_STAMP_LIFETIME_MS)).toBe(stamp);
  });

  it('is null for an expired, forged, foreign or missing stamp, so the page gets a new one', () => {
    expect(timer.kept(timer.stamp(shownAt), shownAt + FORM_STAMP_LIFETIME_MS + 1)).toBeNull();
    expect(timer.kept(`${shownAt}.AAAAAAAAAAAAAAAAAAAAAA`, shownAt + 5000)).toBeNull();
    expect(timer.kept(new FormTimer('another-secret').stamp(shownAt), shownAt + 5000)).toBeNull();
    expect(timer.kept(undefined, shownAt + 5000)).toBeNull();
    expect(timer.kept(['a', 'b'], shownAt + 5000)).toBeNull();
  });
});
