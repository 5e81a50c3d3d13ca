/** Settings the SDK sends when the host gives none (2.8.0's `Defaults`). */
export class Defaults {
  static defaultSettings = { filterPaneEnabled: true };
  /** Declared by 2.8.0 and never used by it; kept so host code reading it still finds it. */
  static defaultQnaSettings = { filterPaneEnabled: false };
}

/**
 * `config` with `settings` defaulted to `Defaults.defaultSettings` merged under the host's; as in
 * 2.8.0, a host `settings` object still replaces the merged one whole (the spread order does it).
 */
export function withDefaultSettings<T extends { settings?: object }>(config: T): T {
  return { settings: { ...Defaults.defaultSettings, ...config.settings }, ...config };
}
