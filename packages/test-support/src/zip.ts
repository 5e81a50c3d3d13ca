/** One member of a zip archive, already deflated (method 8), with its CRC-32 and true size. */
export interface ZipEntry {
  name: string;
  crc: number;
  size: number;
  /** The size the archive's headers state, when it is not the true one (a lying archive). */
  declaredSize?: number;
  compressed: Buffer;
}

/**
 * A zip archive holding `entries` (no zip64: every size under 4 GB), written by hand so that
 * tests can build what no zip tool would: bombs, and archives whose headers lie.
 */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    // The fields the local header (at 8) and the central one (at 10) share, in the same order.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(8, at); // deflate
      header.writeUInt16LE(0x21, at + 4); // 1980-01-01
      header.writeUInt32LE(entry.crc >>> 0, at + 6);
      header.writeUInt32LE(entry.compressed.length, at + 10);
      header.writeUInt32LE(entry.declaredSize ?? entry.size, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    fields(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    fields(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
