import type { Response } from '@vitrina/embed-sdk/protocol';
import { Router, type IExtendedRequest } from '@vitrina/embed-sdk/protocol';
import { describe, expect, it } from 'vitest';
import { EditorChunk } from './editor-chunk.ts';
import { Authoring } from './editor/authoring.ts';
import { authoringHandlers } from './editor/edit-routes.ts';
import { readEmbedContext } from './embed/context.ts';
import { FrameSession } from './embed/session.ts';
import { AUTHORING_ROUTES, registerAuthoringRoutes } from './routes/authoring-routes.ts';

const session = () =>
  new FrameSession(readEmbedContext({ pathname: '/reportEmbed', search: '?uid=u1' }), () => {});

describe('the editor chunk boundary', () => {
  it('registers at boot exactly the routes the editor handles', () => {
    const handlers = authoringHandlers(session(), new Authoring());
    expect(Object.keys(handlers).sort()).toEqual(AUTHORING_ROUTES.map(({ name }) => name).sort());
  });

  it("fetches the editor on an authoring route's first call and answers with its handler", async () => {
    const handlers: { test(m: unknown): boolean; handle(m: unknown): unknown }[] = [];
    const router = new Router({ addHandler: (handler) => void handlers.push(handler) });
    const editor = new EditorChunk(session());
    registerAuthoringRoutes(router, () => editor.handlers());
    expect(editor.store.get().loaded).toBeNull();
    const request = { method: 'GET', url: '/report/hasUnsavedChanges', headers: {}, body: null };
    const handler = handlers.find((h) => h.test(request));
    const response = (await handler!.handle(request as unknown as IExtendedRequest)) as Response;
    // No report is loaded: the editor's own handler answers with the routes' 400.
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual([{ message: 'No report is loaded' }]);
    expect(editor.store.get().loaded?.AuthoringView).toBeTypeOf('function');
  });
});
