// Wall-clock times in the store's time zone (STORE_TIMEZONE). Staff type "2026-12-05 09:00" meaning
// 9 am in the store, not in their browser or on the server, so the conversion is done with the
// zone's rules (daylight saving included) rather than the machine's.

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

function partsIn(timeZone: string, at: Date): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** The zone's offset from UTC at an instant, in milliseconds (Toronto in winter: -5 h). */
function offsetAt(timeZone: string, at: Date): number {
  const [y, mo, d, h, mi, s] = partsIn(timeZone, at) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * "yyyy-mm-ddThh:mm" in the store's zone -> the instant, or null when the text is not such a time.
 * A time skipped by the spring change (2:30 am) is read with the offset before it (3:30 am).
 */
export function storeLocalToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL_PATTERN.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const first = wall - offsetAt(timeZone, new Date(wall));
  return new Date(wall - offsetAt(timeZone, new Date(first)));
}

/** An instant as "yyyy-mm-ddThh:mm" in the store's zone (what the admin form shows and edits). */
export function instantToStoreLocal(at: Date, timeZone: string): string {
  const [y, mo, d, h, mi] = partsIn(timeZone, at);
  const two = (n: number | undefined) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}`;
}
