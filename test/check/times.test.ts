/**
 * Times compared as instants (INT-time-format): any zone with its offset, to the second or finer, a time
 * written to the second equal to every finer time within that second; and the reference server's
 * rendering of the service family's times (the variation times-eastern) reads back as the instant it wrote.
 */
import { describe, expect, it } from 'vitest';
import { compareTimes, instant } from '../../src/check/checks/support/times.ts';
import { easternTime } from '../../src/server/protocol.ts';

describe('times of records', () => {
  it('are read with their offsets: the same instant in UTC and in US Eastern time', () => {
    expect(instant('2013-03-02T10:11:12-05:00')).toEqual({ ms: Date.parse('2013-03-02T15:11:12Z'), toTheSecond: true });
    expect(instant('2013-03-02T15:11:12.345Z')).toEqual({ ms: Date.parse('2013-03-02T15:11:12.345Z'), toTheSecond: false });
    expect(instant('2013-03-02 15:11:12 UTC')?.ms).toBe(Date.parse('2013-03-02T15:11:12Z'));
    expect(instant('2013-03-02T10:11:12.345678-0500')?.ms).toBe(Date.parse('2013-03-02T15:11:12.345Z'));
    expect(compareTimes('2013-03-02T10:11:12.345-05:00', '2013-03-02T15:11:12.345Z')).toBe(0);
    // Not a time with a zone: not an instant; such values compare equal only as the same text.
    for (const x of ['2013-03-02', '2013-03-02T10:11:12', 'yesterday']) expect(instant(x), x).toBeUndefined();
    expect(compareTimes('yesterday', 'yesterday')).toBe(0);
    expect(compareTimes('yesterday', 'today')).toBeNaN();
  });

  it('a time written to the second ties with a finer one in that second, and not with one in another second', () => {
    expect(compareTimes('2013-03-02T10:11:12-05:00', '2013-03-02T15:11:12.999Z')).toBe(0);
    expect(compareTimes('2013-03-02T10:11:13-05:00', '2013-03-02T15:11:12.999Z')).toBeGreaterThan(0);
    expect(compareTimes('2013-03-02T10:11:12-05:00', '2013-03-02T10:11:13-05:00')).toBeLessThan(0);
    // Both finer: a millisecond apart is apart.
    expect(compareTimes('2013-03-02T15:11:12.001Z', '2013-03-02T15:11:12.002Z')).toBeLessThan(0);
  });

  it('the reference server writes the family\'s US Eastern time, standard and daylight saving, with and without fractions', () => {
    const winter = new Date('2013-03-02T15:11:12.345Z');
    const summer = new Date('2013-07-02T15:11:12.045Z');
    expect(easternTime(winter, true)).toBe('2013-03-02T10:11:12.345-05:00');
    expect(easternTime(winter, false)).toBe('2013-03-02T10:11:12-05:00');
    expect(easternTime(summer, true)).toBe('2013-07-02T11:11:12.045-04:00');
    // Across midnight in Eastern time, the date is Eastern's.
    expect(easternTime(new Date('2013-03-03T02:00:00.000Z'), false)).toBe('2013-03-02T21:00:00-05:00');
    for (const d of [winter, summer]) {
      expect(instant(easternTime(d, true))!.ms).toBe(d.getTime());
      expect(compareTimes(easternTime(d, false), d.toISOString())).toBe(0);
    }
  });
});
