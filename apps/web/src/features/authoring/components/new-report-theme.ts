import { companionColors } from '@vitrina/bi-model/palette';
import type { Branding } from '../../../lib/branding.ts';

/**
 * The theme a new report is created with (the create config's `theme`): the portal's primary
 * colour first, then the demo reports' companion colours. The frame saves it with the report, so the report keeps its colours.
 */
export function newReportTheme(branding: Pick<Branding, 'productName' | 'primaryColor'>) {
  const primary = branding.primaryColor.toUpperCase();
  return {
    themeJson: {
      name: branding.productName,
      dataColors: [primary, ...companionColors.filter((color) => color !== primary)],
      tableAccent: primary,
    },
  };
}
