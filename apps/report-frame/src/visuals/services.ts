/** What a visual may ask of the report around it, provided through React context. */
import { createContext, useContext } from 'react';
import type { VisualDefinition } from '../api/types.ts';
import type { Formatter } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';
import type { FilterTarget, FrameFilter, Scalar } from '../query/filter-types.ts';
import type { FrameTheme } from '../state/report-state.ts';

export interface PointRef {
  target: FilterTarget;
  value: Scalar;
}

export interface ViewServices {
  messages: Messages;
  format: Formatter;
  theme: FrameTheme;
  select(visual: VisualDefinition, points: PointRef[], multi: boolean): void;
  drill(visual: VisualDefinition, direction: 'down' | 'up', into?: Scalar): void;
  setSlicer(visual: VisualDefinition, filters: FrameFilter[]): void;
  clickButton(visual: VisualDefinition): void;
  sortBy(visual: VisualDefinition, target: FilterTarget, direction: 1 | 2): void;
  exportData(visual: VisualDefinition): void;
  toggleSpotlight(visual: VisualDefinition): void;
  triggerExtension(visual: VisualDefinition, commandName: string): void;
}

export const ServicesContext = createContext<ViewServices | null>(null);

export function useServices(): ViewServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}
