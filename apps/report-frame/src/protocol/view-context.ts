/** What a loaded view needs from the embed session: its language, its number format, and the host's ear. */
import type { Formatter } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';

export interface ViewContext {
  readonly messages: Messages;
  readonly format: Formatter;
  /** Posts an event (`loaded`, `rendered`, `tileClicked`, …) to the host. */
  emit(name: string, body: unknown): void;
}
