/**
 * Authoring end to end in the frame (issue 13), driven by our SDK and by the official
 * powerbi-client 2.8.0 and 2.24: a create embed with the host's theme gets two visuals and is saved
 * as a new report (a save as, `saveAs: true`), which then embeds with the same drawing and colours;
 * and two editors saving the same base revision conflict cleanly.
 *
 * The three flavours share one BI service and host of this file's own (starting them is most of a
 * block's set-up): each saves under names of its own, and each conflict starts from whatever
 * revision of "Ventas generales" the flavour before it left, which both of its editors load.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Frame } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';
import { addVisual } from '../src/frame/editor.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const HOST_COLORS = ['#7A1F5C', '#1F7A4D', '#C2410C'];
const themeColors = (frame: Frame) => frame.locator('.report').getAttribute('data-theme-colors');

/** What the frame draws: each visual's name, type and title (its accessible name). */
function drawing(frame: Frame) {
  return frame.locator('.visual').evaluateAll((visuals) =>
    visuals.map((v) => ({
      name: v.getAttribute('data-visual-name'),
      type: v.getAttribute('data-visual-type'),
      title: v.getAttribute('aria-label'),
    })),
  );
}

describe.skipIf(!chromiumAvailable)('authoring with each SDK', () => {
  const harness = useFrameHarness();
  for (const flavour of ['official', 'official-2.24', 'ours'] as const)
    describe(`create and save as with the ${flavour} SDK`, () => {
      const createdName = `Informe creado en e2e (${flavour})`;
      const copyName = `Copia tras conflicto (${flavour})`;
      let groupId: string;
      let source: hostPage.ReportTarget;

      beforeAll(async () => {
        groupId = await harness().rest.groupId('Comercial');
        const report = await harness().rest.report(groupId, 'Ventas generales');
        // Edit with save as: the author who loses a conflict keeps their work under a new name.
        const accessToken = await harness().rest.createToken(report.id, groupId);
        source = { id: report.id, embedUrl: report.embedUrl, accessToken, groupId };
      });

      test('create, two visuals, save as, then the new report embeds with the same drawing', async () => {
        const createConfig = {
          ...(await hostPage.demoCreateConfig(harness(), groupId, 'Ventas generales')),
          theme: { themeJson: { name: 'Anfitrión', dataColors: HOST_COLORS } },
        };
        const page = await hostPage.openHost(harness(), flavour);
        await hostPage.embed(page, createConfig, 'createReport');
        const frame = hostPage.frameOf(page);
        await frame.locator('.authoring[data-mode="edit"]').waitFor();
        await addVisual(frame, 'clusteredColumnChart', ['Canal', 'Ventas']);
        await addVisual(frame, 'pieChart', ['Categoría', 'Unidades']);
        const drawn = await drawing(frame);
        expect(drawn.map((v) => v.type)).toEqual(['clusteredColumnChart', 'pieChart']);
        expect(await themeColors(frame)).toBe(HOST_COLORS.join(' '));

        await hostPage.call(
          page,
          `return embedded.saveAs({ name: ${JSON.stringify(createdName)} })`,
        );
        const saved = await hostPage.waitForEvent(page, 'saved');
        const { reportObjectId } = saved.detail as { reportObjectId: string };
        expect(reportObjectId).toMatch(/\S/);
        // powerbi-client's semantics: a save as is reported as one, even as a create's first save.
        expect(saved.detail).toMatchObject({ saveAs: true });
        const created = await harness().rest.report(groupId, createdName);
        expect(created.id).toBe(reportObjectId);

        const viewer = await hostPage.openHost(harness(), flavour);
        const viewToken = await harness().rest.embedToken(
          `/groups/${groupId}/reports/${created.id}`,
        );
        const target = {
          id: created.id,
          embedUrl: created.embedUrl,
          accessToken: viewToken,
          groupId,
        };
        await hostPage.embed(viewer, hostPage.reportConfig(target));
        await hostPage.waitForEvent(viewer, 'rendered');
        for (const { name } of drawn)
          await hostPage
            .frameOf(viewer)
            .locator(`.visual[data-visual-name="${name!}"] svg`)
            .waitFor();
        expect(await drawing(hostPage.frameOf(viewer))).toEqual(drawn);
        // The theme was saved with the report: the viewer, given no theme, draws in its colours.
        expect(await themeColors(hostPage.frameOf(viewer))).toBe(HOST_COLORS.join(' '));
        const chartTexts = await hostPage
          .frameOf(viewer)
          .locator('.visual svg text')
          .allTextContents();
        expect(chartTexts).toEqual(expect.arrayContaining(['Online', 'Alimentos']));
        await Promise.all([page.close(), viewer.close()]);
      });

      test('two editors save the same base revision: one saved, the other a conflict, then save as', async () => {
        const [first, second] = await Promise.all([
          hostPage.openHost(harness(), flavour),
          hostPage.openHost(harness(), flavour),
        ]);
        for (const host of [first, second]) {
          await hostPage.embed(host, hostPage.reportConfig(source, { viewMode: 1 }));
          await hostPage.waitForEvent(host, 'rendered');
          await hostPage.frameOf(host).locator('.authoring[data-mode="edit"]').waitFor();
        }
        const firstVisual = await addVisual(hostPage.frameOf(first), 'pieChart', [
          'Canal',
          'Ventas',
        ]);
        await addVisual(hostPage.frameOf(second), 'clusteredBarChart', ['Canal', 'Unidades']);

        await hostPage.call(first, 'return embedded.save()');
        expect((await hostPage.waitForEvent(first, 'saved')).detail).toMatchObject({
          reportObjectId: source.id,
        });
        const conflict = await hostPage.callRejection<unknown>(second, 'return embedded.save()');
        expect(conflict).toEqual([
          expect.objectContaining({ detailedMessage: 'ReportRevisionConflict' }),
        ]);
        expect(await hostPage.call(second, 'return embedded.isSaved()')).toBe(false);

        const viewer = await hostPage.openHost(harness(), flavour);
        await hostPage.embed(viewer, hostPage.reportConfig(source));
        await hostPage.waitForEvent(viewer, 'rendered');
        const visual = hostPage
          .frameOf(viewer)
          .locator(`.visual[data-visual-name="${firstVisual}"]`);
        expect(await visual.getAttribute('data-visual-type')).toBe('pieChart');

        await hostPage.call(
          second,
          `return embedded.saveAs({ name: ${JSON.stringify(copyName)} })`,
        );
        const savedAs = await hostPage.waitForEvent(second, 'saved');
        expect(savedAs.detail).toMatchObject({ saveAs: true });
        const copy = await harness().rest.report(groupId, copyName);
        expect((savedAs.detail as { reportObjectId: string }).reportObjectId).toBe(copy.id);
        await Promise.all([first.close(), second.close(), viewer.close()]);
      });
    });
});
