import { HttpPostMessage } from 'http-post-message';
import { Router } from 'powerbi-router';
import { WindowPostMessageProxy } from 'window-post-message-proxy';
import { createPeer, type PeerOptions, type TransportLibrary } from './peer.ts';

const library = { WindowPostMessageProxy, HttpPostMessage, Router } as unknown as TransportLibrary;
Object.assign(window, {
  library,
  createPeer: (options: PeerOptions) => createPeer(library, options),
});
