// Link passwords are stored as scrypt hashes (real deployments show a hash, never the password),
// at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB and a few hundred ms per hash), with the
// parameters in the stored string: `scrypt$N=131072,r=8,p=1$<salt>$<hash>`. Hashes written
// before, `scrypt$<N>$<salt>$<hash>` with r=8 and p=1 implied, still verify. Hashing runs on
// libuv's thread pool, at most two at a time, so guesses cannot exhaust memory or block serving.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface Params {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommendation for scrypt. */
export const DEFAULT_HASH_COST = 2 ** 17;
const KEY_BYTES = 32;
/** 128 MiB each at the current cost: more at once would only queue on the thread pool anyway. */
const MAX_CONCURRENT = 2;
/** Beyond this many waiting checks the sandbox is being flooded: refuse rather than queue. */
const MAX_WAITING = 64;

export class HashingBusyError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('Too many password checks at once');
  }
}

/** `cost` is scrypt's N; tests that hash many times may lower it (see SandboxAppOptions.passwordHashCost). */
export async function hashPassword(password: string, cost: number = DEFAULT_HASH_COST): Promise<string> {
  const params: Params = { N: cost, r: 8, p: 1 };
  if (!isValidHashCost(cost)) throw new Error(HASH_COST_RULE);
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_BYTES, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, params, salt, hash] = stored.split('$');
  const parsed = params === undefined ? null : parseParams(params);
  if (scheme !== 'scrypt' || !parsed || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, parsed);
  return timingSafeEqual(actual, expected);
}

/** `N=…,r=…,p=…`, or the old bare N; null when out of bounds (a damaged or hostile stored value). */
function parseParams(text: string): Params | null {
  let params: Params;
  if (/^\d+$/.test(text)) params = { N: Number(text), r: 8, p: 1 };
  else {
    const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(text);
    if (!match) return null;
    params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  }
  return validParams(params) ? params : null;
}

export const HASH_COST_RULE = 'passwordHashCost must be a power of two from 2^10 to 2^20';

export function isValidHashCost(cost: number): boolean {
  return validParams({ N: cost, r: 8, p: 1 });
}

function validParams({ N, r, p }: Params): boolean {
  const powerOfTwo = Number.isInteger(N) && N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  return powerOfTwo && r >= 1 && r <= 16 && p >= 1 && p <= 4;
}

let running = 0;
const waiting: (() => void)[] = [];

async function derive(password: string, salt: Buffer, length: number, params: Params): Promise<Buffer> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_WAITING) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    // Node refuses by default to use more than 32 MiB; scrypt needs 128 × N × r bytes.
    const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r + 1024 * 1024 };
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
