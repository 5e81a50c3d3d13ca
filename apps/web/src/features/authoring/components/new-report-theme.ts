import type { Branding } from '../../../lib/branding.ts';

/**
 * The colours after the brand's own: the demo reports' palette, so a report made in the portal
 * looks like the reports it sits next to. Contrasting hues first, then quieter ones.
 */
const COMPANION_COLORS = [
  '#F59E0B',
  '#6366F1',
  '#EF4444',
  '#0EA5E9',
  '#84CC16',
  '#A855F7',
  '#F97316',
  '#14B8A6',
  '#64748B',
];

/**
 * The theme a new report is created with (the create config's `theme`): the portal's primary
 * colour first. The frame saves it with the report, so the report keeps its colours.
 */
export function newReportTheme(branding: Pick<Branding, 'productName' | 'primaryColor'>) {
  const primary = branding.primaryColor.toUpperCase();
  return {
    themeJson: {
      name: branding.productName,
      dataColors: [primary, ...COMPANION_COLORS.filter((color) => color !== primary)],
      tableAccent: primary,
    },
  };
}
