import { describe, expect, it } from 'vitest';
import { CachedPage } from '../../../src/services/page-cache.js';
import { liveOpeningState, LiveOpeningState } from '../../../src/services/live-opening-state.js';
import { OPEN_STATE_PLACEHOLDER } from '../../../src/presenters/opening-hours-view.js';
import type { ZonedOpeningHours } from '../../../src/domain/opening-hours.js';

const at = (local: string) => Date.parse(`${local}+03:00`);
const NINE_TO_SIX = [{ start: 540, end: 1080 }];
const HOURS: ZonedOpeningHours = {
  week: [NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, [], []],
  closedDates: [],
  timeZone: 'Europe/Istanbul',
  today: '2026-11-26',
};

describe('LiveOpeningState', () => {
  it('keeps its words until they change, and works them out again for an earlier instant', () => {
    const live = new LiveOpeningState(HOURS);
    const open = live.htmlAt(at('2026-11-26T10:00:00'));
    expect(open).toContain('Şimdi açık</strong> · 18:00&#39;de kapanır');
    expect(live.htmlAt(at('2026-11-26T17:59:59'))).toBe(open);
    expect(live.htmlAt(at('2026-11-26T18:00:00'))).toContain('Şimdi kapalı</strong> · yarın 09:00&#39;da açılır');
    expect(live.htmlAt(at('2026-11-26T12:00:00'))).toBe(open);
  });

  it('is none for hours with no weekday set, or none at all', () => {
    expect(liveOpeningState(null)).toBeNull();
    expect(liveOpeningState({ ...HOURS, week: [[], [], [], [], [], [], []] })).toBeNull();
    expect(liveOpeningState(HOURS)).toBeInstanceOf(LiveOpeningState);
  });
});

describe('a cached page with a live part', () => {
  it("fills the slot in each second's body, the stamp too, and only the slot", () => {
    const template = `<p>${OPEN_STATE_PLACEHOLDER}</p><input value="__STAMP__">`;
    const page = new CachedPage(1, 'https://kart.example.com', template, '__STAMP__', '', new LiveOpeningState(HOURS));
    const body = (ms: number) => page.body(Math.floor(ms / 1000), () => `s${ms}`, 'identity').toString('utf8');
    const morning = body(at('2026-11-26T17:59:59'));
    expect(morning).toContain('Şimdi açık');
    expect(morning).toContain(`value="s${at('2026-11-26T17:59:59')}"`);
    expect(morning).not.toContain('__VIZIT_OPEN_STATE');
    expect(body(at('2026-11-26T18:00:00'))).toContain('Şimdi kapalı');
  });
});
