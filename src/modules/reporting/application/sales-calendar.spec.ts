import { salesPeriods } from './sales-calendar.js';

describe('the dashboard sales periods (UK days)', () => {
  it('ends with today in London: after 23:00 UTC in summer it is already tomorrow', () => {
    const { days, month } = salesPeriods(new Date('2026-07-31T23:30:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days[29]).toEqual({ date: '2026-08-01', from: new Date('2026-07-31T23:00:00Z'), to: new Date('2026-08-01T23:00:00Z') });
    expect(days[0]!.date).toBe('2026-07-03');
    expect(month).toEqual({ date: '2026-08-01', from: new Date('2026-07-31T23:00:00Z'), to: new Date('2026-08-01T23:00:00Z') });
  });

  it('has every day once, back to back, including the 25-hour day the clocks go back', () => {
    const { days, month } = salesPeriods(new Date('2026-11-05T12:00:00Z'), 30);
    expect(days.map((day) => day.date)).toContain('2026-10-25');
    for (let index = 1; index < days.length; index += 1) expect(days[index]!.from).toEqual(days[index - 1]!.to);
    const autumn = days.find((day) => day.date === '2026-10-25')!;
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
    expect(month.from).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(month.to).toEqual(days[29]!.to);
  });

  it('crosses the year end', () => {
    const { days, month } = salesPeriods(new Date('2027-01-02T10:00:00Z'), 30);
    expect(days[0]!.date).toBe('2026-12-04');
    expect(days[29]!.date).toBe('2027-01-02');
    expect(month.date).toBe('2027-01-01');
  });
});
