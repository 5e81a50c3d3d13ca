/** Route plumbing: run a handler, turn its result or its RequestError into the reply. */
import type { IExtendedRequest, IRouterHandler, Response } from '@vitrina/embed-sdk/protocol';
import { RequestError } from './request-error.ts';

type Handler = (request: IExtendedRequest) => unknown;

/** Queries answer 200 with their result; commands (returning `undefined`) answer 202 with no body. */
export function respond(handler: Handler): IRouterHandler {
  return async (request, response: Response) => {
    try {
      const result = await handler(request);
      if (result === undefined) response.send(202);
      else response.send(200, result);
    } catch (error) {
      if (error instanceof RequestError) response.send(error.status, error.body);
      else response.send(500, { message: error instanceof Error ? error.message : String(error) });
    }
  };
}

export const param = (request: IExtendedRequest, name: string): string =>
  String(request.params[name] ?? '');
