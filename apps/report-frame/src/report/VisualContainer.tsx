/** The frame around one visual: title, drill buttons and the "more options" menu. */
import { memo, useState } from 'react';
import type { FrameSettings } from '../state/report-state.ts';
import { axisDrillableDepth, filterTargetOf } from '@vitrina/bi-model/visual-queries';
import { useServices } from '../visuals/services.ts';
import { VisualBody, type VisualBodyProps } from '../visuals/VisualBody.tsx';
import { commandState, extensionItems, headerVisible, type CommandName } from './commands.ts';
import { bodyFontStyle, containerStyle } from './container-format.ts';

interface Props extends Omit<VisualBodyProps, 'width' | 'height'> {
  box: { left: number; top: number; width: number; height: number; zIndex: number };
  settings: FrameSettings;
  dimmed: boolean;
}

const HEADER_HEIGHT = 26;
const PADDING = 8;
const BARE_TYPES = new Set(['textbox', 'actionButton', 'slicer']);
const DRILL_BUTTONS = [
  { direction: 'up', arrow: '↑', label: 'drillUp' },
  { direction: 'down', arrow: '↓', label: 'drillDown' },
] as const;

/** Memoised: a page draws visual by visual, and a visual whose props are unchanged is not redrawn. */
export const VisualContainer = memo(function VisualContainer(props: Props) {
  const services = useServices();
  const { messages } = services;
  const { visual, box, settings, schema } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const showHeader = headerVisible(settings, visual);
  const hasTitle =
    !!visual.title && visual.options?.['showTitle'] !== false && !BARE_TYPES.has(visual.type);
  const maxDepth =
    visual.type === 'pivotTable' ? 0 : axisDrillableDepth(schema, visual.fields.category ?? []);
  const firstMeasure = visual.fields.values?.[0];
  const commands: { name: CommandName; label: string; run: () => void }[] = [
    { name: 'exportData', label: messages.exportData, run: () => services.exportData(visual) },
    { name: 'spotlight', label: messages.spotlight, run: () => services.toggleSpotlight(visual) },
  ];
  if (firstMeasure) {
    const target = filterTargetOf(schema, firstMeasure);
    commands.push(
      {
        name: 'sort',
        label: messages.sortDescending,
        run: () => services.sortBy(visual, target, 2),
      },
      {
        name: 'sort',
        label: messages.sortAscending,
        run: () => services.sortBy(visual, target, 1),
      },
    );
  }
  const visibleCommands = commands
    .map((c) => ({ ...c, state: commandState(settings, c.name, visual) }))
    .filter((c) => c.state !== 'hidden');
  const extensions = extensionItems(settings, visual);
  const bodyHeight = box.height - PADDING * 2 - (hasTitle ? HEADER_HEIGHT : 0);

  return (
    <section
      className={`visual visual-${visual.type}${props.dimmed ? ' visual-dimmed' : ''}`}
      data-visual-name={visual.name}
      data-visual-type={visual.type}
      data-drill-depth={props.drillDepth}
      aria-label={visual.title ?? visual.name}
      style={{ ...box, ...containerStyle(visual), position: 'absolute', padding: PADDING }}
    >
      {hasTitle && <h2 className="visual-title">{visual.title}</h2>}
      {showHeader && !BARE_TYPES.has(visual.type) && (
        <div className="visual-header" role="toolbar">
          {maxDepth > 0 && commandState(settings, 'drill', visual) !== 'hidden' && (
            <>
              {DRILL_BUTTONS.map(({ direction, arrow, label }) => (
                <button
                  key={direction}
                  type="button"
                  title={messages[label]}
                  aria-label={messages[label]}
                  onClick={() => services.drill(visual, direction)}
                >
                  {arrow}
                </button>
              ))}
            </>
          )}
          {(visibleCommands.length > 0 || extensions.length > 0) && (
            <button
              type="button"
              className="more"
              aria-label={messages.moreOptions}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              ⋯
            </button>
          )}
          {menuOpen && (
            <ul className="visual-menu" role="menu">
              {visibleCommands.map((c) => (
                <li
                  key={c.label}
                  role="menuitem"
                  aria-disabled={c.state === 'disabled'}
                  data-command={c.name}
                >
                  <button
                    type="button"
                    disabled={c.state === 'disabled'}
                    onClick={() => {
                      setMenuOpen(false);
                      c.run();
                    }}
                  >
                    {c.label}
                  </button>
                </li>
              ))}
              {extensions.map((e) => (
                <li key={e.name} role="menuitem" data-extension={e.name}>
                  <button
                    type="button"
                    onClick={() => {
                      setMenuOpen(false);
                      services.triggerExtension(visual, e.name);
                    }}
                  >
                    {e.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="visual-body" style={{ ...bodyFontStyle(visual), height: bodyHeight }}>
        {props.data.needsFields ? (
          <div className="visual-placeholder">{messages.addFieldsToVisual}</div>
        ) : props.data.error ? (
          <div className="visual-error" role="alert">
            {props.data.error}
          </div>
        ) : (
          <VisualBody {...props} width={box.width - PADDING * 2} height={bodyHeight} />
        )}
      </div>
    </section>
  );
});
