/** Reading settings that target visuals: command display options, extension commands and headers. */
import type { VisualDefinition } from '../api/types.ts';
import type { FrameSettings, VisualSelector } from '../state/report-state.ts';

export type CommandName = 'exportData' | 'seeData' | 'sort' | 'spotlight' | 'drill';
export type CommandState = 'enabled' | 'disabled' | 'hidden';

const DISPLAY_OPTION: Record<number, CommandState> = { 0: 'enabled', 1: 'disabled', 2: 'hidden' };

function selectorMatches(selector: VisualSelector | undefined, visual: VisualDefinition): boolean {
  if (!selector) return true;
  if (selector.visualName !== undefined) return selector.visualName === visual.name;
  if (selector.visualType !== undefined) return selector.visualType === visual.type;
  return true;
}

export function commandState(
  settings: FrameSettings,
  name: CommandName,
  visual: VisualDefinition,
): CommandState {
  let state: CommandState = 'enabled';
  for (const group of settings.commands ?? []) {
    const command = group[name];
    if (command && selectorMatches(command.selector, visual))
      state = DISPLAY_OPTION[command.displayOption] ?? state;
  }
  return state;
}

export interface ExtensionItem {
  name: string;
  title: string;
}

export function extensionItems(settings: FrameSettings, visual: VisualDefinition): ExtensionItem[] {
  return (settings.extensions ?? []).flatMap((extension) => {
    const command = extension.command;
    if (!command || !selectorMatches(command.selector, visual)) return [];
    const title =
      command.extend.visualOptionsMenu?.title ??
      command.extend.visualContextMenu?.title ??
      command.title;
    return [{ name: command.name, title }];
  });
}

/** The report's own choice (the visual's `showHeader`), unless the host's settings say otherwise. */
export function headerVisible(settings: FrameSettings, visual: VisualDefinition): boolean {
  let visible = visual.options?.['showHeader'] !== false;
  for (const header of settings.visualSettings?.visualHeaders ?? []) {
    if (selectorMatches(header.selector, visual) && header.settings.visible !== undefined) {
      visible = header.settings.visible;
    }
  }
  return visible;
}
