// The service writes schedule dates as wall-clock times in the account's time zone; both the
// renderer (Expired, Scheduled) and the sandbox (serving) need "now" the same way.
const formats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM:SS` as a clock in `timeZone` (an IANA name Intl knows) shows `epochMs`. */
export function wallClockText(epochMs: number, timeZone: string): string {
  if (timeZone === 'UTC') return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(new Date(epochMs))) part[type] = value;
  return `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
