import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorMessages } from '@vitrina/contracts';
import { AppError } from '../errors.ts';

const xsrfCookieName = 'XSRF-TOKEN';
const xsrfHeaderName = 'x-xsrf-token';
const loginPath = '/api/user/authenticate';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sets a fresh anti-forgery cookie; readable by the SPA (not httpOnly) by design. */
export function issueXsrfCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(xsrfCookieName, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: false,
  });
}

/**
 * Double-submit anti-forgery check (spec section 7): every GET under /api/ hands out the
 * XSRF-TOKEN cookie when missing; every other method under /api/ must echo it in
 * X-XSRF-TOKEN. Login is exempt only while the browser has no cookie yet.
 */
export function installXsrf(app: FastifyInstance, secureCookies: boolean): void {
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook('onRequest', (request, reply, done) => {
    // The path is what precedes any query; `/api/` is a prefix of either.
    if (!request.url.startsWith('/api/')) return done();
    const cookie = request.cookies[xsrfCookieName];
    if (safeMethods.has(request.method)) {
      if (!cookie) issueXsrfCookie(reply, secureCookies);
      return done();
    }
    if (!cookie && request.url.split('?')[0] === loginPath) return done();
    const header = request.headers[xsrfHeaderName];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return done(new AppError('xsrf_mismatch', errorMessages.xsrfMismatch));
    }
    done();
  });
}
