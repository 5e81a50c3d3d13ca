/**
 * The environment variables that the portal server and the BI service both read. `npm start` hands
 * one environment to both processes, so each variable here must mean the same thing to both: they
 * parse it with these schemas, not with one each.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** Unset and blank are the same: the variable takes its default. */
export const blankIsUnset = (raw: unknown) =>
  typeof raw === 'string' && raw.trim() === '' ? undefined : raw;

/** A comma-separated list; unset, blank items and spaces around items dropped. */
export const commaList = z.preprocess(
  blankIsUnset,
  z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
);

/** A switch's text as written: lower case, spaces around ignored; unset or blank is unset. */
const switchText = (raw: unknown) => {
  const value = blankIsUnset(raw);
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
};
const switchValues = z.enum(['true', 'false', '1', '0']);
const isOn = (value: z.infer<typeof switchValues>) => value === 'true' || value === '1';

/**
 * An on/off switch: `true`, `false`, `1` or `0`, in any case, spaces around ignored; unset or blank
 * gives `fallback`. Any other value is a configuration error, never a silent guess.
 */
export function envFlag(fallback: boolean) {
  return z
    .preprocess(switchText, switchValues.default(fallback ? 'true' : 'false'))
    .transform(isOn);
}

/** The same switch with no default of its own: unset or blank gives `undefined`. */
const optionalEnvFlag = z
  .preprocess(switchText, switchValues.optional())
  .transform((value) => (value === undefined ? undefined : isOn(value)));

/** Where the portal is: the variables both processes need to agree on the portal's origin. */
export const portalEnvShape = {
  /** The portal's port. 0 lets the OS pick a free port (tests); the log names the address bound. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** The portal's public URL, when it is not the local `http://localhost:<PORT>`. */
  PORTAL_URL: z.preprocess(blankIsUnset, z.url().optional()),
};

/** The portal's public URL as the browser reaches it. */
export function portalUrlOf(values: { PORT: number; PORTAL_URL?: string | undefined }): string {
  return values.PORTAL_URL ?? `http://localhost:${values.PORT}`;
}

/**
 * `NODE_ENV` read one way by both servers: `development` and `test` (any case, spaces ignored) are
 * what they say; anything else, unset included, is production. A server started by hand or by a
 * service manager is therefore production unless it is told otherwise; `npm start` (the one-machine
 * trial) and the test launchers say `development` and `test`.
 */
export type RunMode = 'production' | 'development' | 'test';

export function runModeOf(nodeEnv: string | undefined): RunMode {
  const value = nodeEnv?.trim().toLowerCase();
  return value === 'development' || value === 'test' ? value : 'production';
}

/** The same rule as a Zod field, for the servers' environment schemas. */
export const nodeEnvField = z.string().optional().transform(runModeOf);

/**
 * The reverse proxies whose `X-Forwarded-For` a server believes: a list of addresses and CIDR
 * ranges (Fastify's `trustProxy` list, matched by proxy-addr against the connecting peer), or
 * `false` to believe none and take the peer's own address.
 */
export type TrustedProxies = false | string[];

/** An IPv4 or IPv6 address, optionally with a `/prefix` that fits its family. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: the proxy's addresses, comma-separated (`127.0.0.1`, `10.0.0.0/8, ::1`). Unset,
 * blank, `false` and `0` trust no proxy. `true` and `1` are refused: trusting every hop would take
 * the leftmost `X-Forwarded-For` entry, which any client writes itself, as its address.
 */
export const trustProxyField = z
  .preprocess(blankIsUnset, z.string().optional())
  .transform((raw, context): TrustedProxies => {
    const value = raw?.trim().toLowerCase();
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === 'true' || value === '1') {
      context.issues.push({
        code: 'custom',
        input: raw,
        message:
          "list the proxy's addresses (for example 127.0.0.1, or 10.0.0.0/8 for a range) instead of true: trusting every hop lets any client forge X-Forwarded-For",
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      context.issues.push({
        code: 'custom',
        input: raw,
        message: `not an IP address or CIDR range: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Where a server listens unless told (`HOST`, `BI_HOST`): behind a proxy, loopback only, so that
 * the proxy (and its limits and headers) cannot be bypassed; without one, every interface.
 */
export function defaultListenHost(trustedProxies: TrustedProxies): string {
  return trustedProxies ? '127.0.0.1' : '0.0.0.0';
}

/**
 * How both servers run: the run mode, and demo mode (`VITRINA_DEMO`), which is on by default only
 * outside production. In production the demo takes an explicit `VITRINA_DEMO=true`, and then uses
 * the installation's own credentials, never the published ones (decision 0220).
 */
export const runModeEnvShape = { NODE_ENV: nodeEnvField, VITRINA_DEMO: optionalEnvFlag };

export function demoModeOf(values: {
  NODE_ENV: RunMode;
  VITRINA_DEMO?: boolean | undefined;
}): boolean {
  return values.VITRINA_DEMO ?? values.NODE_ENV !== 'production';
}
