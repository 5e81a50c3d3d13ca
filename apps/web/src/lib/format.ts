const dateTime = new Intl.DateTimeFormat('es', { dateStyle: 'short', timeStyle: 'short' });

/** A server ISO time as local date and time ("22/11/26, 3:15"); empty for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** "lastname, firstname", as the spec lists people. */
export const fullName = (user: { firstname: string; lastname: string }) =>
  `${user.lastname}, ${user.firstname}`;
