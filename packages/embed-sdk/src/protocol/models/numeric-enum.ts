/** The name → value map plus the value → name map that a TypeScript numeric `enum` emits. */
export type NumericEnum<T extends Record<string, number>> = T & {
  readonly [K in keyof T as T[K]]: K;
};

/**
 * Builds an `enum`-like object with reverse mapping (`LayoutType[2] === 'MobilePortrait'`), as
 * powerbi-models' TypeScript enums have: the SDK builds `layoutTypes/<Name>` URLs that way, and
 * host code written for 2.8.0 may rely on it. `enum` itself is not erasable syntax.
 */
export function numericEnum<const T extends Record<string, number>>(values: T): NumericEnum<T> {
  const both: Record<string | number, string | number> = { ...values };
  for (const [name, value] of Object.entries(values)) both[value] = name;
  return Object.freeze(both) as NumericEnum<T>;
}

/** The union of an enum's numeric values. */
export type EnumValue<T extends Record<string, number>> = T[keyof T];
