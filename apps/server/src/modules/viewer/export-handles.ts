import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const macLength = 22;

/**
 * The export id the portal hands out (decision 0249): the BI service's id with a MAC over the
 * user, the report and that id. Only the user who started an export can poll or download it, on
 * any instance and without storing anything: an export made under one viewer's RLS identity
 * never reaches another viewer of the same report.
 */
export function createExportHandles(secret: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'vitrina export id', 32));
  const macOf = (userId: number, uid: string, exportId: string) =>
    createHmac('sha256', key)
      .update(`${userId}\n${uid}\n${exportId}`)
      .digest('base64url')
      .slice(0, macLength);

  return {
    issue(userId: number, uid: string, exportId: string): string {
      return `${macOf(userId, uid, exportId)}.${exportId}`;
    },
    /** The BI service's export id, or undefined when the handle is not this user's for `uid`. */
    open(userId: number, uid: string, handle: string): string | undefined {
      const mac = handle.slice(0, macLength);
      const exportId = handle.slice(macLength + 1);
      if (handle[macLength] !== '.' || exportId === '') return undefined;
      const expected = Buffer.from(macOf(userId, uid, exportId));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? exportId
        : undefined;
    },
  };
}
export type ExportHandles = ReturnType<typeof createExportHandles>;
