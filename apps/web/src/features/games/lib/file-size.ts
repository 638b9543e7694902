const UNITS = ['KiB', 'MiB', 'GiB'] as const;

/** Bytes for people: under 1024 in B, then KiB, MiB or GiB with two decimals (GiB is the largest unit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.996 KiB would print as 1024.00 KiB: promote it to 1.00 MiB instead.
  while (value >= 1023.995 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
