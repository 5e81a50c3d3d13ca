/**
 * Phones and tablets get the mobile portrait layout; desktops the master layout (spec §2).
 * The user agent names most devices; an iPad in desktop mode does not, so a primary coarse
 * pointer with no fine pointer counts as a touch device too.
 */
const MOBILE_UA =
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|Opera Mini|IEMobile/i;

export function isMobileDevice(
  userAgent: string = navigator.userAgent,
  matches: (query: string) => boolean = (query) => window.matchMedia?.(query).matches ?? false,
): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  return matches('(pointer: coarse)') && !matches('(any-pointer: fine)');
}
