/**
 * The colours a report's theme lists after its own first colour: the demo reports put them after
 * their brand's colour, and a report made in the portal after the portal's primary colour, so
 * both kinds look alike side by side. Contrasting hues first, then quieter ones.
 */
export const companionColors = [
  '#F59E0B',
  '#6366F1',
  '#EF4444',
  '#0EA5E9',
  '#84CC16',
  '#A855F7',
  '#F97316',
  '#14B8A6',
  '#64748B',
] as const;
