// A calendar and a time field in a popover, beside a text field that holds a wall-clock date and
// time as "YYYY-MM-DD HH:MM:SS". Typing and pasting stay possible; the picker is the other way in.
import { type CalendarDateTime, parseDate, Time, toCalendarDate, toCalendarDateTime, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { Calendar, CalendarCell, CalendarGrid, DateInput, DateSegment, Dialog, DialogTrigger, Heading, Label, Popover, TimeField } from 'react-aria-components';
import { Button } from './Button.tsx';

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The text as a calendar date and time, or null when it is not a whole, real date and time. */
export function parseWallClock(text: string): CalendarDateTime | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  try {
    const date = parseDate(match[1]!);
    const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
    if (hour > 23 || minute > 59 || second > 59) return null;
    return toCalendarDateTime(date).set({ hour, minute, second });
  } catch {
    return null; // 2026-02-30 and the like
  }
}

/** The calendar date and time as the field's text. */
export function formatWallClock(value: CalendarDateTime): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)} ${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}`;
}

export interface DateTimePickerProps {
  /** The field's label: the picker's button and dialog are named after it. */
  label: string;
  /** The field's current text. */
  value: string;
  /** What to start on when the field holds no date yet ("YYYY-MM-DD HH:MM:SS", e.g. now in the account's zone). */
  fallback: string;
  /** The zone the wall-clock time is in, said in the dialog. */
  timeZone: string;
  onPick: (text: string) => void;
}

/** The button that opens the picker; "Use" writes the chosen date and time into the field. */
export function DateTimePicker(props: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const initial = parseWallClock(props.value) ?? parseWallClock(props.fallback);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [time, setTime] = useState<Time | null>(null);
  const onOpenChange = (next: boolean) => {
    // Each opening starts from what the field holds now.
    if (next && initial) {
      setDate(toCalendarDate(initial));
      setTime(new Time(initial.hour, initial.minute, initial.second));
    }
    setOpen(next);
  };
  const chosen = date && time ? toCalendarDateTime(date, time) : null;
  return (
    <DialogTrigger isOpen={open} onOpenChange={onOpenChange}>
      <Button variant="secondary" className="picker-button" aria-label={`Pick ${props.label} date and time`}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <rect x="2" y="3" width="12" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" stroke="currentColor" strokeWidth="1.4" />
        </svg>
      </Button>
      <Popover className="popover picker-popover" placement="bottom end">
        <Dialog className="picker-dialog" aria-label={`${props.label}: date and time`}>
          {({ close }) => (
            <>
              <Calendar aria-label={`${props.label} date`} {...(date ? { value: date } : {})} onChange={(picked) => setDate(picked)} className="calendar">
                <header className="calendar-header">
                  <Button slot="previous" variant="ghost" size="small" aria-label="Previous month">
                    ‹
                  </Button>
                  <Heading className="calendar-heading" />
                  <Button slot="next" variant="ghost" size="small" aria-label="Next month">
                    ›
                  </Button>
                </header>
                <CalendarGrid className="calendar-grid">{(day) => <CalendarCell date={day} className="calendar-cell" />}</CalendarGrid>
              </Calendar>
              <TimeField
                className="field time-field"
                value={time}
                onChange={(picked) => setTime(picked)}
                granularity="second"
                hourCycle={24}
                shouldForceLeadingZeros
              >
                <Label>Time</Label>
                <DateInput className="date-input">{(segment) => <DateSegment segment={segment} className="date-segment" />}</DateInput>
                <span className="field-description">{props.timeZone} (the account&apos;s time zone)</span>
              </TimeField>
              <div className="picker-actions">
                <output className="picker-chosen" aria-label="Chosen date and time">
                  {chosen ? formatWallClock(chosen) : 'Choose a day'}
                </output>
                <Button variant="ghost" onPress={close}>
                  Cancel
                </Button>
                <Button
                  variant="primary"
                  isDisabled={!chosen}
                  onPress={() => {
                    if (chosen) props.onPick(formatWallClock(chosen));
                    close();
                  }}
                >
                  Use
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
