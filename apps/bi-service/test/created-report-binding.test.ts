import { beforeAll, describe, expect, it } from 'vitest';
import { verifyEmbedToken } from '../src/modules/identity/embed-token.ts';
import { authoringCalls, definition, errorOf } from './authoring-calls.ts';
import { ids } from './fixture-content.ts';
import { comercial, userToken } from './harness.ts';
import { salesSchemaOnly, useTestService } from './support/test-service.ts';

// Decision 0224: a report made by save as or create is reached by the token that made it (its
// jti) and by tokens generated for it, never by another token of the same principal. Every
// portal viewer of an account shares one principal, so the principal proves nothing.

const service = useTestService({}, salesSchemaOnly);
let calls: ReturnType<typeof authoringCalls>;
const refusal = [403, 'PowerBINotAuthorizedException'];

beforeAll(async () => {
  calls = authoringCalls(service, await userToken(service.url, comercial));
});

const editing = { accessLevel: 'Edit', allowSaveAs: true };

/** Read, save and save as of `reportId` with `token`: the three embed calls that key on a report. */
async function reportCalls(reportId: string, token: string) {
  const path = `/v1.0/embed/reports/${reportId}`;
  const read = await calls.embedCall(path, token);
  const save = await calls.embedCall(`${path}/revisions`, token, { definition });
  const saveAs = await calls.embedCall(`${path}/saveAs`, token, { name: 'Otra', definition });
  return { read, save, saveAs };
}

async function expectRefused(reportId: string, token: string) {
  const { read, save, saveAs } = await reportCalls(reportId, token);
  expect([errorOf(read), errorOf(save), errorOf(saveAs)]).toEqual([refusal, refusal, refusal]);
}

describe('a report made by save as', () => {
  it('is reached by the token that made it and by tokens generated for it, by no other', async () => {
    // Every token is minted before the copy exists: an issue time earlier than the copy's first
    // save let the same principal's tokens in before decision 0224.
    const maker = await calls.reportToken(ids.marginReport, editing);
    const sameReport = await calls.reportToken(ids.marginReport, editing);
    const otherReport = await calls.reportToken(ids.salesReport, editing);
    const otherView = await calls.reportToken(ids.salesReport);
    const copy = await calls.embedCall(`/v1.0/embed/reports/${ids.marginReport}/saveAs`, maker, {
      name: 'Margen de Ana',
      definition,
    });
    expect(copy.status).toBe(200);
    const copyId = String(copy.json['id']);

    const mine = await reportCalls(copyId, maker);
    expect(mine.read.json).toMatchObject({ id: copyId, name: 'Margen de Ana' });
    expect(mine.save.json).toEqual({ revision: 2 });
    expect(mine.saveAs.status).toBe(200);

    for (const token of [sameReport, otherReport, otherView]) await expectRefused(copyId, token);
    expect((await service.services.content.getReport(copyId))?.revision).toBe(2);

    // The portal's way to a report it finds after a sync: a token generated for it.
    const generated = await calls.reportToken(copyId, editing);
    expect((await reportCalls(copyId, generated)).save.json).toEqual({ revision: 3 });
  });

  it('passes the binding on: a copy of the copy is the same token’s too', async () => {
    const maker = await calls.reportToken(ids.marginReport, editing);
    const first = await calls.embedCall(`/v1.0/embed/reports/${ids.marginReport}/saveAs`, maker, {
      name: 'Primera',
      definition,
    });
    const second = await calls.embedCall(
      `/v1.0/embed/reports/${String(first.json['id'])}/saveAs`,
      maker,
      { name: 'Segunda', definition },
    );
    const secondId = String(second.json['id']);
    expect((await reportCalls(secondId, maker)).read.status).toBe(200);
    await expectRefused(secondId, await calls.reportToken(ids.marginReport, editing));
  });
});

describe('a report made by a create embed', () => {
  it('goes on being saved by its Create token; another Create token does not reach it', async () => {
    const maker = await calls.createToken();
    const other = await calls.createToken();
    const path = `/v1.0/embed/datasets/${ids.salesDataset}/reports`;
    const created = await calls.embedCall(path, maker, { name: 'Nuevo de Ana', definition });
    expect(created.status).toBe(200);
    const reportId = String(created.json['id']);

    const mine = await reportCalls(reportId, maker);
    expect(mine.read.json).toMatchObject({ id: reportId, revision: 1 });
    expect(mine.save.json).toEqual({ revision: 2 });

    await expectRefused(reportId, other);
    // The other token may still make a report of its own: it was generated for the dataset.
    const its = await calls.embedCall(path, other, { name: 'Nuevo de Bea', definition });
    expect(its.status).toBe(200);
    await expectRefused(String(its.json['id']), maker);
  });
});

describe('the binding is stored with the report', () => {
  it('is the maker token’s id, and goes with the report when it is deleted', async () => {
    const maker = await calls.reportToken(ids.marginReport, editing);
    const copy = await calls.embedCall(`/v1.0/embed/reports/${ids.marginReport}/saveAs`, maker, {
      name: 'Borrable',
      definition,
    });
    const copyId = String(copy.json['id']);
    const { content, embedTokenKey } = service.services;
    const { jti } = await verifyEmbedToken(embedTokenKey, `EmbedToken ${maker}`);
    expect(await content.creatorTokenOf(copyId)).toBe(jti);
    expect((await calls.rest(`/reports/${copyId}`, 'DELETE')).status).toBe(200);
    expect(await content.creatorTokenOf(copyId)).toBeUndefined();
  });
});
