import { describe, expect, it } from 'vitest';
import { newReportTheme } from './new-report-theme.ts';

describe('newReportTheme', () => {
  it('puts the brand colour first and accents tables with it, without repeating it', () => {
    const { themeJson } = newReportTheme({ productName: 'Vitrina', primaryColor: '#f59e0b' });
    expect(themeJson.name).toBe('Vitrina');
    expect(themeJson.dataColors[0]).toBe('#F59E0B');
    expect(themeJson.dataColors.filter((c) => c === '#F59E0B')).toHaveLength(1);
    expect(themeJson.dataColors).toHaveLength(9);
    expect(themeJson.tableAccent).toBe('#F59E0B');
  });
});
