// The one clock for "today" and "now" as a user means them: `$today` in data sets, the rules'
// `{"today": []}` and an action's `$now`.
//
// Policy: they are read in the installation's time zone (TIME_ZONE, an IANA name such as
// Europe/Amsterdam), else in the process's own (TZ, or the system's) -- which is what they were
// before there was a setting. Not UTC: dates and datetimes are stored without a zone, as the
// installation's wall clock reads them (timestamp without time zone, read back as text), so a
// UTC "today" would still be yesterday for the first hours of a Dutch day and a `$now` would
// lag the times users type. One zone for every process and user, so a filter, a rule and a
// stamp agree on the date; a server in a container that runs in UTC is given its zone here.
// In the browser the rules read the browser's zone, as the runtime does not know the setting.

let installationZone: string | undefined;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows an IANA time zone by this name. */
export function isTimeZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** Sets the installation's time zone; undefined reads the process's own. An unknown zone is refused. */
export function setTimeZone(zone: string | undefined): void {
  if (zone !== undefined && !isTimeZone(zone)) throw new RangeError(`unknown time zone ${JSON.stringify(zone)}`);
  installationZone = zone;
}

/** The zone "today" and "now" are read in. */
export function timeZone(): string {
  return installationZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(zone: string | undefined): WallClock {
  const at = new Date();
  // The process's own zone through Date's local fields, which follow a TZ set while running.
  if (zone === undefined) {
    return {
      year: at.getFullYear(),
      month: at.getMonth() + 1,
      day: at.getDate(),
      hour: at.getHours(),
      minute: at.getMinutes(),
    };
  }
  const parts: Record<string, number> = {};
  for (const p of formatIn(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today as records hold dates (YYYY-MM-DD), moved by whole `days`, across month and year ends. */
export function today(days = 0, zone = installationZone): string {
  const { year, month, day } = wallClock(zone);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Now to the minute as records hold datetimes (YYYY-MM-DDTHH:mm, no zone). */
export function now(zone = installationZone): string {
  const { year, month, day, hour, minute } = wallClock(zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}
