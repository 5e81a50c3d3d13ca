import { createHash, randomUUID } from 'node:crypto';

/**
 * A name-based GUID (RFC 4122 version 5 layout over SHA-1), so demo content keeps the same ids
 * across restarts and machines: the portal stores these ids as `accountElementId`.
 */
export function deterministicGuid(kind: string, name: string): string {
  const bytes = createHash('sha1').update(`vitrina:${kind}:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh random GUID for items created at run time. */
export function newGuid(): string {
  return randomUUID();
}

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` looks like a GUID (Power BI ids always do). */
export function isGuid(value: string): boolean {
  return guidPattern.test(value);
}
