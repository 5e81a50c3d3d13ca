import { hpmFactory, routerFactory, wpmpFactory } from './factories.ts';
import { Service } from './service.ts';

declare global {
  interface Window {
    powerbi: Service;
  }
}

/** Creates `window.powerbi` (default factories and config) once per page, as loading 2.8.0 does. */
export function installGlobalService(): void {
  if (typeof window === 'undefined' || window.powerbi instanceof Service) return;
  window.powerbi = new Service(hpmFactory, wpmpFactory, routerFactory);
}

/** The page's `window.powerbi`, created on first use. */
export function globalService(): Service {
  installGlobalService();
  return window.powerbi;
}
