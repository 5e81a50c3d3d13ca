/** Settings the SDK sends when the host gives none (2.8.0's `Defaults`). */
export class Defaults {
  static defaultSettings = { filterPaneEnabled: true };
  /** Declared by 2.8.0 and never used by it; kept so host code reading it still finds it. */
  static defaultQnaSettings = { filterPaneEnabled: false };
}
