import { HttpPostMessage, Router } from '../../../src/protocol/index.ts';
import { TrustedWindows, WindowPostMessageProxy } from '../../../src/protocol/index.ts';
import { createPeer, type PeerOptions, type TransportLibrary } from './peer.ts';
import { createAsker, installFrameHandlers } from './proxy-fixtures.ts';

const library: TransportLibrary = {
  WindowPostMessageProxy,
  HttpPostMessage,
  Router,
  TrustedWindows,
};
Object.assign(window, {
  library,
  createPeer: (options: PeerOptions) => createPeer(library, options),
  proxyFixtures: { installFrameHandlers, createAsker },
});
