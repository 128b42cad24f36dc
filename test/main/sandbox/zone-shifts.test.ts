// The zone offsets statistics use to count clicks in the account's wall-clock time: daylight saving
// changes found to the minute, half-hour zones, and spans shorter than a day.
import { describe, expect, it } from 'vitest';
import { offsetMinutes, zoneShifts } from '../../../src-main/sandbox/zone-shifts.ts';

const at = (iso: string) => Date.parse(iso);

describe('zoneShifts', () => {
  it('UTC never shifts', () => {
    expect(zoneShifts('UTC', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([{ minutes: 0, until: null }]);
  });

  it('finds both daylight saving changes of a year to the minute', () => {
    expect(zoneShifts('Europe/Berlin', at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'))).toEqual([
      { minutes: 60, until: '2026-03-29 01:00:00' },
      { minutes: 120, until: '2026-10-25 01:00:00' },
      { minutes: 60, until: null },
    ]);
    expect(zoneShifts('America/New_York', at('2026-06-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual([
      { minutes: -240, until: '2026-11-01 06:00:00' },
      { minutes: -300, until: null },
    ]);
  });

  it('keeps half-hour offsets and half-hour daylight saving', () => {
    expect(zoneShifts('Asia/Kolkata', at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'))).toEqual([{ minutes: 330, until: null }]);
    const lordHowe = zoneShifts('Australia/Lord_Howe', at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'));
    expect(lordHowe.map((shift) => shift.minutes)).toEqual([660, 630, 660]);
  });

  it('finds a change inside a span shorter than a day', () => {
    expect(zoneShifts('Europe/Berlin', at('2026-03-29T00:30:00Z'), at('2026-03-29T02:00:00Z'))).toEqual([
      { minutes: 60, until: '2026-03-29 01:00:00' },
      { minutes: 120, until: null },
    ]);
    expect(zoneShifts('Europe/Berlin', at('2026-06-01T10:00:00Z'), at('2026-06-01T10:00:00Z'))).toEqual([{ minutes: 120, until: null }]);
  });

  it('offsetMinutes reads the wall clock', () => {
    expect(offsetMinutes('Europe/Berlin', at('2026-01-15T12:00:00Z'))).toBe(60);
    expect(offsetMinutes('America/St_Johns', at('2026-01-15T12:00:00Z'))).toBe(-210);
  });
});
