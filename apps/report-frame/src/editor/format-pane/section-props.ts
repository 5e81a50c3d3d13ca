/** What every section of the format pane is given. */
import type { FormatKey, FormatValue, VisualFormat } from '@vitrina/bi-model';
import type { FormatPaneMessages } from './format-messages.ts';

/** Writes one option (undefined removes it); false when the schema refuses the value. */
export type SetFormat = <K extends FormatKey>(key: K, value: FormatValue<K> | undefined) => boolean;

export interface SectionProps {
  format: VisualFormat;
  set: SetFormat;
  texts: FormatPaneMessages;
}
