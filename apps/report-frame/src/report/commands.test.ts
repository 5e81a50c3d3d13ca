import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { commandState, extensionItems, headerVisible } from './commands.ts';

const [card, line] = sampleReport.definition.pages[0]!.visuals as [never, never];

describe('visual command settings', () => {
  it('hides or disables a command for every visual or for the selected ones', () => {
    const settings = {
      commands: [
        { exportData: { displayOption: 2 } },
        { spotlight: { displayOption: 1, selector: { visualName: 'V2' } } },
      ],
    };
    expect(commandState(settings, 'exportData', card)).toBe('hidden');
    expect(commandState(settings, 'spotlight', card)).toBe('enabled');
    expect(commandState(settings, 'spotlight', line)).toBe('disabled');
  });

  it('lists extension commands for the visuals their selector matches', () => {
    const settings = {
      extensions: [
        {
          command: {
            name: 'detalle',
            title: 'Ver detalle',
            selector: { visualType: 'lineChart' },
            extend: { visualOptionsMenu: { title: 'Abrir detalle' } },
          },
        },
      ],
    };
    expect(extensionItems(settings, card)).toEqual([]);
    expect(extensionItems(settings, line)).toEqual([{ name: 'detalle', title: 'Abrir detalle' }]);
  });

  it('hides visual headers as visualSettings asks', () => {
    const settings = { visualSettings: { visualHeaders: [{ settings: { visible: false } }] } };
    expect(headerVisible(settings, card)).toBe(false);
    expect(headerVisible({}, card)).toBe(true);
  });

  it("draws a visual's header as the report says (showHeader), unless the host's settings say otherwise", () => {
    const hidden = { ...(card as object), options: { showHeader: false } } as typeof card;
    expect(headerVisible({}, hidden)).toBe(false);
    const shown = { visualSettings: { visualHeaders: [{ settings: { visible: true } }] } };
    expect(headerVisible(shown, hidden)).toBe(true);
  });
});
