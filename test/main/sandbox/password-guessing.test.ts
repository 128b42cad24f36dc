// Guessing a protected link's password: a few wrong tries are free, then each client address is
// locked out of that link for a time that doubles with every further failure (429 page saying
// when to try again). Other addresses and other links are unaffected; the attempt table is
// bounded; hashes use scrypt at OWASP's cost, and hashes stored with the old cost still verify.
import { createHook } from 'node:async_hooks';
import { scryptSync } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptTable } from '../../../src-main/sandbox/serve/password-attempts.ts';
import { startClient, tempDir, type Client } from './helpers.ts';

let client: Client;
let clock = new Date('2026-06-01T12:00:00Z');
const temp = tempDir();

// The lockout tests check many passwords: a low hash cost keeps them fast (the hash tests below use the real one).
beforeAll(async () => {
  client = await startClient({ now: () => clock, passwordHashCost: 1024 });
});
afterAll(async () => {
  await client.sandbox.close();
  temp.cleanup();
});

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** Posts the password form of /<alias> from a given loopback address (127.0.0.0/8 is all local). */
function tryPassword(alias: string, password: string, from = '127.0.0.1', to: Client = client): Promise<Answer> {
  const body = new URLSearchParams({ password }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: to.sandbox.port,
        localAddress: from,
        path: `/${alias}`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, retryAfter: res.headers['retry-after'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function fail(alias: string, times: number, from?: string): Promise<void> {
  for (let i = 0; i < times; i += 1) expect((await tryPassword(alias, `guess ${i}`, from)).status).toBe(403);
}

describe('lockout', () => {
  it('after 5 wrong passwords the next attempt is a 429 page that says when to try again, and the right password is refused too', async () => {
    await client.link({ location_url: 'https://secret.example/a', url: 'vault-a', password: 'open sesame' });
    await fail('vault-a', 5);
    const locked = await tryPassword('vault-a', 'guess 6');
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe('30');
    expect(locked.body).toContain('Too many wrong passwords');
    expect(locked.body).toContain('Try again in 30 seconds');
    const right = await tryPassword('vault-a', 'open sesame');
    expect(right.status).toBe(429);
    expect(right.body).not.toContain('secret.example');
  });

  it('the lockout ends with its time, and the next failure locks for twice as long', async () => {
    later(31);
    expect((await tryPassword('vault-a', 'wrong again')).status).toBe(403);
    const locked = await tryPassword('vault-a', 'open sesame');
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe('60');
    expect(locked.body).toContain('Try again in 1 minute');
    later(61);
    expect((await tryPassword('vault-a', 'open sesame')).status).toBe(303);
  });

  it('the right password clears the count: five more wrong ones are allowed again', async () => {
    await fail('vault-a', 5);
    expect((await tryPassword('vault-a', 'open sesame')).status).toBe(429);
    later(31);
    expect((await tryPassword('vault-a', 'open sesame')).status).toBe(303);
  });

  it('another address, and another link from the locked address, are not affected', async () => {
    await client.link({ location_url: 'https://secret.example/b', url: 'vault-b', password: 'swordfish' });
    await client.link({ location_url: 'https://secret.example/c', url: 'vault-c', password: 'hunter2' });
    await fail('vault-b', 5);
    expect((await tryPassword('vault-b', 'swordfish')).status).toBe(429);
    expect((await tryPassword('vault-b', 'swordfish', '127.0.0.2')).status).toBe(303);
    expect((await tryPassword('vault-c', 'hunter2')).status).toBe(303);
    later(31);
  });

  it('parallel guesses cannot slip past the limit while hashes are being checked', async () => {
    await client.link({ location_url: 'https://secret.example/d', url: 'vault-d', password: 'correct horse' });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => tryPassword('vault-d', `parallel ${i}`, '127.0.0.3')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

describe('the attempt table', () => {
  it('holds at most its cap, dropping the entries touched longest ago', () => {
    let now = 0;
    const table = createAttemptTable(() => now, { maxEntries: 3 });
    for (const address of ['a', 'b', 'c', 'd']) table.failed(1, address);
    expect(table.size()).toBe(3);
    now += 1;
    expect(table.failures(1, 'a')).toBe(0);
    expect(table.failures(1, 'd')).toBe(1);
  });

  it('forgets an address whose last failure is older than a day', () => {
    let now = 0;
    const table = createAttemptTable(() => now);
    for (let i = 0; i < 7; i += 1) table.failed(1, 'x');
    expect(table.lockedForMs(1, 'x')).toBeGreaterThan(0);
    now += 25 * 60 * 60 * 1000;
    table.failed(2, 'y'); // any write sweeps expired entries
    expect(table.size()).toBe(1);
    expect(table.lockedForMs(1, 'x')).toBe(0);
  });

  it('caps the lockout at an hour', () => {
    const table = createAttemptTable(() => 0);
    for (let i = 0; i < 40; i += 1) table.failed(1, 'x');
    expect(table.lockedForMs(1, 'x')).toBe(60 * 60 * 1000);
  });
});

describe('password hashes', () => {
  const dataFile = join(temp.dir, 'hashes.sqlite');
  let real: Client;
  beforeAll(async () => {
    real = await startClient({ dataFile });
  });
  afterAll(async () => {
    await real.sandbox.close();
  });

  it('new hashes are scrypt N=2^17, r=8, p=1, with the parameters stored in the hash', async () => {
    const id = await real.link({ location_url: 'https://secret.example/e', url: 'vault-e', password: 'pw' });
    const hash = (await real.get(`api/links/${id}`)).body.data.settings.password as string;
    expect(hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect((await tryPassword('vault-e', 'pw', '127.0.0.1', real)).status).toBe(303);
  });

  it('a hash stored in the old format (scrypt$1024$salt$hash) still verifies', async () => {
    await real.link({ location_url: 'https://secret.example/old', url: 'old-hash' });
    // 'legacy pw' hashed the way the sandbox did before: scryptSync(pw, salt, 32, { N: 1024 }).
    const salt = Buffer.from('0123456789abcdef');
    const legacy = `scrypt$1024$${salt.toString('base64')}$${scryptSync('legacy pw', salt, 32, { N: 1024 }).toString('base64')}`;
    const db = new DatabaseSync(dataFile);
    db.prepare("UPDATE links SET password_hash = ? WHERE url = 'old-hash'").run(legacy);
    db.close();
    await real.sandbox.close();
    real = await startClient({ dataFile });
    expect((await tryPassword('old-hash', 'wrong', '127.0.0.1', real)).status).toBe(403);
    expect((await tryPassword('old-hash', 'legacy pw', '127.0.0.1', real)).status).toBe(303);
  });

  it('hashing does not block the server: a page is served while a password is being checked', async () => {
    await fetch(real.sandbox.url); // the client warmed up: the page below costs its request alone
    // The hash starting on the thread pool is the moment to ask for the page (it takes a few
    // hundred ms of a core; the page, a few ms).
    const order: string[] = [];
    let hashing!: () => void;
    const started = new Promise<void>((resolve) => (hashing = resolve));
    const hook = createHook({
      init(_id, type) {
        if (type === 'SCRYPTREQUEST') hashing();
      },
    }).enable();
    try {
      const checking = tryPassword('vault-e', 'pw', '127.0.0.4', real).then(() => order.push('password'));
      // (A check that never hashes off the main thread answers first, and the order says so.)
      await Promise.race([started, checking]);
      await fetch(real.sandbox.url).then(() => order.push('page'));
      await checking;
    } finally {
      hook.disable();
    }
    expect(order).toEqual(['page', 'password']);
  });
});
