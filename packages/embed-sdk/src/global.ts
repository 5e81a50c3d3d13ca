/**
 * Entry of the script bundle (`dist/powerbi.js`, `dist/powerbi.min.js`): like 2.8.0's UMD bundle
 * loaded by a <script> tag, it sets `window.powerbi` (a Service) and `window['powerbi-client']`
 * (the module's exports, in 2.8.0's key order).
 */
import {
  Dashboard,
  Embed,
  Page,
  Qna,
  Report,
  Tile,
  Visual,
  VisualDescriptor,
  models,
} from './index.ts';
// Named imports, not the `factories` and `service` namespaces: the bundle then carries no
// namespace objects, only the plain objects below with 2.8.0's keys.
import { hpmFactory, routerFactory, wpmpFactory } from './factories.ts';
import { Service } from './service.ts';

declare global {
  interface Window {
    'powerbi-client': typeof client;
  }
}

const client = {
  service: { Service },
  // A plain object, so its keys keep 2.8.0's order (a module namespace sorts them).
  factories: { hpmFactory, wpmpFactory, routerFactory },
  models,
  Report,
  Dashboard,
  Tile,
  Embed,
  Page,
  Qna,
  Visual,
  VisualDescriptor,
};

window['powerbi-client'] = client;
