/**
 * Column lists of dataset fixtures written as one `name: dataType` map, so that each fixture
 * reads as its table's shape rather than as rows of `{ name, dataType }` objects.
 */

/** `{ Id: 'Int64', Ciudad: 'String' }` → `[{ name: 'Id', dataType: 'Int64' }, { name: 'Ciudad', … }]`, in order. */
export function columns<const T extends string>(
  types: Record<string, T>,
): { name: string; dataType: T }[] {
  return Object.entries(types).map(([name, dataType]) => ({ name, dataType }));
}
