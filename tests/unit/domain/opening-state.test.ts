import { describe, expect, it } from 'vitest';
import { parseDayHours, type Interval, type WeekHours } from '../../../src/domain/opening-hours.js';
import { atTime, openState as stateAt } from '../../../src/domain/opening-state.js';
import { translatorFor } from '../../../src/i18n/translator.js';
import { openStateWords } from '../../../src/presenters/opening-hours-view.js';

const ISTANBUL = 'Europe/Istanbul';

/** The state with its Turkish words, as the page's hours card reads it: `text` is the line, `today` the next. */
function openState(...args: Parameters<typeof stateAt>) {
  const state = stateAt(...args);
  const words = openStateWords(state, translatorFor('tr'));
  return { ...state, text: words.detail ? `${words.headline} · ${words.detail}` : words.headline, today: words.today };
}

/** A wall time in Istanbul (UTC+3 since 2016) as an instant. */
const at = (local: string) => new Date(`${local}+03:00`);

function day(text: string): Interval[] {
  const parsed = parseDayHours(text);
  if (!parsed.ok) throw new Error(`bad hours in the test: ${text}`);
  return parsed.intervals;
}

function week(...days: string[]): WeekHours {
  return days.map(day);
}

/** Monday to Friday 09:00-12:30 and 13:30-19:00, Saturday 10:00-14:00, Sunday closed. 2026-11-26 is a Thursday. */
const SHOP = week(
  '09:00-12:30,13:30-19:00',
  '09:00-12:30,13:30-19:00',
  '09:00-12:30,13:30-19:00',
  '09:00-12:30,13:30-19:00',
  '09:00-12:30,13:30-19:00',
  '10:00-14:00',
  '',
);
/** A bar: Tuesday to Saturday 18:00 until 02:00 the next morning. */
const BAR = week('', '18:00-02:00', '18:00-02:00', '18:00-02:00', '18:00-02:00', '18:00-02:00', '');

describe('atTime', () => {
  it.each([
    ['18:00', "18:00'de"],
    ['09:00', "09:00'da"],
    ['13:30', "13:30'da"],
    ['13:00', "13:00'te"],
    ['15:00', "15:00'te"],
    ['10:00', "10:00'da"],
    ['20:00', "20:00'de"],
    ['09:15', "09:15'te"],
    ['09:40', "09:40'ta"],
    ['09:45', "09:45'te"],
    ['00:00', "00:00'da"],
    ['24:00', "24:00'te"],
    ['12:00', "12:00'de"],
    ['16:00', "16:00'da"],
  ])('%s → %s', (clock, expected) => {
    expect(atTime(clock)).toBe(expected);
  });
});

describe('openState', () => {
  it('open in the morning interval: closes at its end, and today lists both intervals', () => {
    const state = openState(SHOP, [], at('2026-11-26T10:15:00'), ISTANBUL);
    expect(state.open).toBe(true);
    expect(state.text).toBe("Şimdi açık · 12:30'da kapanır");
    expect(state.today).toBe('Bugün 09:00–12:30, 13:30–19:00');
    expect(state.weekday).toBe(3);
    expect(state.changesAt).toEqual(at('2026-11-26T12:30:00'));
  });

  it('in the lunch break: opens again today at 13:30', () => {
    const state = openState(SHOP, [], at('2026-11-26T12:45:00'), ISTANBUL);
    expect(state.open).toBe(false);
    expect(state.text).toBe("Şimdi kapalı · bugün 13:30'da açılır");
    expect(state.changesAt).toEqual(at('2026-11-26T13:30:00'));
  });

  it("across an interval's end: open at 18:59:59, closed from 19:00:00 until tomorrow 09:00", () => {
    const before = openState(SHOP, [], at('2026-11-26T18:59:59'), ISTANBUL);
    expect(before.text).toBe("Şimdi açık · 19:00'da kapanır");
    expect(before.changesAt).toEqual(at('2026-11-26T19:00:00'));
    const after = openState(SHOP, [], before.changesAt, ISTANBUL);
    expect(after.open).toBe(false);
    expect(after.text).toBe("Şimdi kapalı · yarın 09:00'da açılır");
    // The next change is midnight: "yarın" becomes "bugün".
    expect(after.changesAt).toEqual(at('2026-11-27T00:00:00'));
  });

  it('17:59 and 18:00 on a day that closes at 18:00', () => {
    const simple = week('09:00-18:00', '09:00-18:00', '09:00-18:00', '09:00-18:00', '09:00-18:00', '', '');
    expect(openState(simple, [], at('2026-11-26T17:59:00'), ISTANBUL).text).toBe("Şimdi açık · 18:00'de kapanır");
    expect(openState(simple, [], at('2026-11-26T18:00:00'), ISTANBUL).text).toBe(
      "Şimdi kapalı · yarın 09:00'da açılır",
    );
  });

  it('across midnight the day words move on: yarın at 23:59, bugün at 00:00', () => {
    expect(openState(SHOP, [], at('2026-11-26T23:59:00'), ISTANBUL).text).toBe("Şimdi kapalı · yarın 09:00'da açılır");
    const after = openState(SHOP, [], at('2026-11-27T00:00:00'), ISTANBUL);
    expect(after.text).toBe("Şimdi kapalı · bugün 09:00'da açılır");
    expect(after.today).toBe('Bugün 09:00–12:30, 13:30–19:00');
    expect(after.weekday).toBe(4);
  });

  it('an interval past midnight is open until its end the next morning, and belongs to the day it started', () => {
    const evening = openState(BAR, [], at('2026-11-26T23:30:00'), ISTANBUL);
    expect(evening.text).toBe("Şimdi açık · 02:00'de kapanır");
    // Midnight comes first: today's hours become Friday's.
    expect(evening.changesAt).toEqual(at('2026-11-27T00:00:00'));
    expect(openState(BAR, [], at('2026-11-27T00:30:00'), ISTANBUL).changesAt).toEqual(at('2026-11-27T02:00:00'));
    // Sunday 01:00: Saturday's night is still running, while Sunday itself is closed.
    const night = openState(BAR, [], at('2026-11-29T01:00:00'), ISTANBUL);
    expect(night.open).toBe(true);
    expect(night.text).toBe("Şimdi açık · 02:00'de kapanır");
    expect(night.today).toBe('Bugün kapalı');
    const late = openState(BAR, [], at('2026-11-29T02:00:00'), ISTANBUL);
    expect(late.text).toBe("Şimdi kapalı · Salı 18:00'de açılır");
  });

  it('an interval to 24:00 closes at midnight; touching days join into one opening', () => {
    const nights = week('', '', '12:00-24:00', '00:00-03:00,12:00-24:00', '', '', '');
    expect(openState(nights, [], at('2026-11-25T20:00:00'), ISTANBUL).text).toBe("Şimdi açık · 03:00'te kapanır");
    expect(openState(nights, [], at('2026-11-26T20:00:00'), ISTANBUL).text).toBe("Şimdi açık · 24:00'te kapanır");
  });

  it('on a closed date: closed all day, opening on the next day that is not closed', () => {
    const state = openState(SHOP, ['2026-11-26', '2026-11-27'], at('2026-11-26T10:00:00'), ISTANBUL);
    expect(state.open).toBe(false);
    expect(state.today).toBe('Bugün kapalı');
    expect(state.text).toBe("Şimdi kapalı · Cumartesi 10:00'da açılır");
    expect(state.changesAt).toEqual(at('2026-11-27T00:00:00'));
  });

  it('a closed date does not cut short the night that began the day before', () => {
    const state = openState(BAR, ['2026-11-27'], at('2026-11-27T01:00:00'), ISTANBUL);
    expect(state.text).toBe("Şimdi açık · 02:00'de kapanır");
    expect(openState(BAR, ['2026-11-27'], at('2026-11-27T19:00:00'), ISTANBUL).text).toBe(
      "Şimdi kapalı · yarın 18:00'de açılır",
    );
  });

  it('a week with no hours at all is closed with no next opening', () => {
    const state = openState(week('', '', '', '', '', '', ''), [], at('2026-11-26T10:00:00'), ISTANBUL);
    expect(state).toMatchObject({ open: false, text: 'Şimdi kapalı', today: 'Bugün kapalı' });
    expect(state.changesAt).toEqual(at('2026-11-27T00:00:00'));
  });

  it('the next opening several days ahead is named by its weekday, past a week by its date', () => {
    const mondays = week('09:00-17:00', '', '', '', '', '', '');
    expect(openState(mondays, [], at('2026-11-26T10:00:00'), ISTANBUL).text).toBe(
      "Şimdi kapalı · Pazartesi 09:00'da açılır",
    );
    expect(openState(mondays, ['2026-11-30'], at('2026-11-26T10:00:00'), ISTANBUL).text).toBe(
      "Şimdi kapalı · 7 Aralık Pazartesi 09:00'da açılır",
    );
  });

  it('open day and night reads "Şimdi açık" alone and changes at midnight', () => {
    const always = week(
      '00:00-24:00',
      '00:00-24:00',
      '00:00-24:00',
      '00:00-24:00',
      '00:00-24:00',
      '00:00-24:00',
      '00:00-24:00',
    );
    const state = openState(always, [], at('2026-11-26T10:00:00'), ISTANBUL);
    expect(state.text).toBe('Şimdi açık');
    expect(state.today).toBe('Bugün 00:00–24:00');
    expect(state.changesAt).toEqual(at('2026-11-27T00:00:00'));
  });

  it('closing the day after (an interval run into a 24-hour day) names the day', () => {
    const long = week('', '', '', '20:00-24:00', '00:00-24:00', '00:00-12:00', '');
    expect(openState(long, [], at('2026-11-26T21:00:00'), ISTANBUL).text).toBe(
      "Şimdi açık · Cumartesi 12:00'de kapanır",
    );
  });

  it('reads the zone at each instant: a DST zone opens at 09:00 its own time on both sides of the change', () => {
    const berlinShop = week(
      '09:00-18:00',
      '09:00-18:00',
      '09:00-18:00',
      '09:00-18:00',
      '09:00-18:00',
      '09:00-18:00',
      '09:00-18:00',
    );
    // Europe/Berlin leaves summer time on 2026-10-25 at 03:00 (UTC+2 → UTC+1).
    const saturday = openState(berlinShop, [], new Date('2026-10-24T17:00:00Z'), 'Europe/Berlin');
    expect(saturday.text).toBe("Şimdi kapalı · yarın 09:00'da açılır");
    const sundayNight = openState(berlinShop, [], new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin');
    expect(sundayNight.changesAt).toEqual(new Date('2026-10-25T08:00:00Z'));
    const closing = openState(berlinShop, [], new Date('2026-10-25T10:00:00Z'), 'Europe/Berlin');
    expect(closing.changesAt).toEqual(new Date('2026-10-25T17:00:00Z'));
  });
});

describe('openStateWords in the other languages', () => {
  const mondays = week('09:00-17:00', '', '', '', '', '', '');

  it('names the times and days without the Turkish locative', () => {
    const lunch = stateAt(SHOP, [], at('2026-11-26T12:45:00'), ISTANBUL);
    expect(openStateWords(lunch, translatorFor('en'))).toEqual({
      headline: 'Closed now',
      detail: 'opens today at 13:30',
      today: 'Today 09:00–12:30, 13:30–19:00',
    });
    const morning = stateAt(SHOP, [], at('2026-11-26T10:15:00'), ISTANBUL);
    expect(openStateWords(morning, translatorFor('de')).detail).toBe('schließt um 12:30');
    const night = stateAt(SHOP, [], at('2026-11-26T23:59:00'), ISTANBUL);
    expect(openStateWords(night, translatorFor('ru')).detail).toBe('откроется завтра в 09:00');
  });

  it('writes a day past a week with its date in the language', () => {
    const later = stateAt(mondays, ['2026-11-30'], at('2026-11-26T10:00:00'), ISTANBUL);
    expect(openStateWords(later, translatorFor('en')).detail).toBe('opens Monday 7 December at 09:00');
    const sunday = stateAt(SHOP, [], at('2026-11-29T10:00:00'), ISTANBUL);
    expect(openStateWords(sunday, translatorFor('ar'))).toMatchObject({ headline: 'مغلق الآن', today: 'مغلق اليوم' });
    // Right to left, the hours stay one left-to-right run: 09:00 first, not turned around.
    const morning = stateAt(SHOP, [], at('2026-11-26T10:15:00'), ISTANBUL);
    expect(openStateWords(morning, translatorFor('ar')).today).toBe('اليوم \u206609:00–12:30, 13:30–19:00\u2069');
  });
});
