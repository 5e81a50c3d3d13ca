import { describe, expect, it } from 'vitest';
import { viewerReportOf } from '../../../../test/api-fixtures.ts';
import { embedConfig } from './embed-config.ts';

describe('the embed config of a report', () => {
  it("opens a subscription's view: its bookmark state and first page", () => {
    const config = embedConfig(viewerReportOf(), false, {
      pages: ['ReportSection2'],
      bookmarkState: '{"version":1}',
    });
    expect(config).toMatchObject({
      type: 'report',
      pageName: 'ReportSection2',
      bookmark: { state: '{"version":1}' },
    });
  });

  it('opens the report as it is without a view', () => {
    const config = embedConfig(viewerReportOf(), false);
    expect(config).not.toHaveProperty('bookmark');
    expect(config).not.toHaveProperty('pageName');
  });
});
