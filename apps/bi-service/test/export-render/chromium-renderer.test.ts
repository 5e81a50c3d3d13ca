import { describe, expect, it } from 'vitest';
import { ChromiumExportRenderer } from '../../src/modules/exports/render/chromium-renderer.ts';

describe('the export renderer without a Chromium', () => {
  const renderer = new ChromiumExportRenderer({
    serviceOrigin: 'http://127.0.0.1:9',
    executablePath: '/nonexistent/chromium',
  });

  it('is unavailable, saying in Spanish which package to install', async () => {
    const availability = await renderer.availability();
    expect(availability.available).toBe(false);
    expect(availability).toMatchObject({
      reason: expect.stringContaining('apt-get install chromium') as string,
    });
    expect(JSON.stringify(availability)).toContain('/nonexistent/chromium');
  });

  it('rejects a job with that sentence, before starting anything', async () => {
    const job = renderer.render(
      {
        format: 'PDF',
        groupId: 'g',
        reportId: 'r',
        reportName: 'Informe',
        embedUrl: 'http://127.0.0.1:9/reportEmbed?reportId=r',
        accessToken: 't',
        identityKey: 'k',
        pages: [{ pageName: 'ReportSection1' }],
        filters: [],
      },
      () => {},
      new AbortController().signal,
    );
    await expect(job).rejects.toThrow(/La exportación necesita Chromium.*apt-get install chromium/);
  });
});
