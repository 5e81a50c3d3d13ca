import type { RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { BiServices } from '../src/services.ts';

/** Builds the app (never listening) and returns it with every route it registered. */
export async function appWithRoutes(services: BiServices) {
  const routes: RouteOptions[] = [];
  const app = await buildApp(services, { onRoute: (route) => void routes.push(route) });
  await app.ready();
  // HEAD routes are Fastify's automatic twins of GET routes.
  return { app, routes: routes.filter((route) => route.method !== 'HEAD') };
}
