const pad = (n: number) => String(n).padStart(2, '0');

/** A `date` input's value for the day of `date` in the browser's (this machine's) time zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A `datetime-local` input's value for `date` in the browser's (this machine's) time zone. */
export function localMinute(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
