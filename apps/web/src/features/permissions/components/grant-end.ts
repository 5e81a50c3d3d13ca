/**
 * "Válido hasta" on the permission screens: the API speaks ISO 8601 instants, the date/time input
 * speaks the administrator's local wall time (`YYYY-MM-DDTHH:mm`).
 */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The instant the input names (read in local time), or undefined when it is empty. */
export function fromLocalInput(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** A grant whose end has passed: it grants nothing and is shown greyed until removed. */
export function hasEnded(validUntil: string | undefined, now = Date.now()): boolean {
  return validUntil !== undefined && Date.parse(validUntil) <= now;
}

/** "hasta 31/12/2026 23:59" in the administrator's locale, for read-only lists. */
export function untilLabel(validUntil: string): string {
  const when = new Date(validUntil).toLocaleString('es', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return hasEnded(validUntil) ? `vencido el ${when}` : `hasta ${when}`;
}

/** A record to send, with its "Válido hasta" only when it has one (as the API echoes it). */
export function withEnd<T extends object>(record: T, validUntil: string | undefined) {
  return validUntil ? { ...record, validUntil } : record;
}
