import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallError } from '../../../src-preload/contract/index.ts';
import { KeyVault } from '../../../src-main/vault/key-vault.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { testCipher } from '../../support/test-cipher.ts';

const KEY = 'sk_live_9f8e7d6c5b4a';
const ORIGIN = 'https://links.example.com';
let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => ({ dir, cleanup } = await withTempDir()));
afterEach(() => cleanup());

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  return error as CallError;
}

describe('KeyVault', () => {
  it('stores the key encrypted and reads it back', async () => {
    const { cipher, state } = testCipher();
    const vault = new KeyVault({ dir, cipher });
    await vault.setKey('ws-1', KEY, { origin: ORIGIN });
    expect(await vault.hasKey('ws-1')).toBe(true);
    expect(await vault.getKey('ws-1')).toBe(KEY);
    const onDisk = await readFile(path.join(dir, 'ws-1.key.json'), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(state.encryptCalls).toBe(1);
    expect(state.decryptCalls).toBe(1);
  });

  it('answers null for a workspace without a key, and forgets a removed key', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher });
    expect(await vault.getKey('ws-2')).toBeNull();
    await vault.setKey('ws-2', KEY, { origin: ORIGIN });
    await vault.removeKey('ws-2');
    expect(await vault.hasKey('ws-2')).toBe(false);
    expect(await vault.getKey('ws-2')).toBeNull();
  });

  it('reports a secure backend, and basic_text as not secure', async () => {
    expect(await new KeyVault({ dir, cipher: testCipher().cipher }).status()).toEqual({
      available: true,
      backend: 'gnome_libsecret',
      secure: true,
    });
    expect(await new KeyVault({ dir, cipher: testCipher({ backend: 'basic_text' }).cipher }).status()).toEqual({
      available: true,
      backend: 'basic_text',
      secure: false,
    });
  });

  it('with basic_text, says the key is only obfuscated and stores nothing until the user agrees', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher({ backend: 'basic_text' }).cipher });
    const error = await rejection(vault.setKey('ws-3', KEY, { origin: ORIGIN }));
    expect(error.kind).toBe('weak-encryption');
    expect(error.message).toMatch(/only be obfuscated/);
    expect(await vault.hasKey('ws-3')).toBe(false);

    await vault.setKey('ws-3', KEY, { origin: ORIGIN, acceptWeak: true });
    expect(await vault.getKey('ws-3')).toBe(KEY);
  });

  it('refuses to store a key when no encryption is available', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher({ available: false }).cipher });
    const error = await rejection(vault.setKey('ws-4', KEY, { origin: ORIGIN, acceptWeak: true }));
    expect(error.kind).toBe('vault');
    expect(await readdir(dir)).toEqual([]);
  });

  it('a damaged key file is a clear error and is left as it was', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher });
    const file = path.join(dir, 'ws-5.key.json');
    await writeFile(file, '{"version":1,"backend":"gnome_libsecret","da');
    const error = await rejection(vault.getKey('ws-5'));
    expect(error.kind).toBe('vault');
    expect(error.message).toMatch(/cannot be read.*damaged.*Enter the key again/);
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"backend":"gnome_libsecret","da');
  });

  it('a key that no longer decrypts is a clear error, not "no key"', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher });
    const file = path.join(dir, 'ws-6.key.json');
    const foreign = JSON.stringify({ version: 2, backend: 'kwallet5', data: Buffer.from('other-machine').toString('base64') });
    await writeFile(file, foreign);
    const error = await rejection(vault.getKey('ws-6'));
    expect(error.kind).toBe('vault');
    expect(error.message).toMatch(/cannot be decrypted/);
    expect(await readFile(file, 'utf8')).toBe(foreign);
  });

  it('replacing a damaged key keeps the damaged file aside instead of overwriting it silently', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher, now: () => 1700000000000 });
    await writeFile(path.join(dir, 'ws-7.key.json'), 'garbage');
    await vault.setKey('ws-7', KEY, { origin: ORIGIN });
    expect(await vault.getKey('ws-7')).toBe(KEY);
    expect(await readFile(path.join(dir, 'ws-7.key.json.damaged-1700000000000'), 'utf8')).toBe('garbage');
  });

  it('re-encrypts when the key store asks for it', async () => {
    const { cipher, state } = testCipher({ reEncrypt: true });
    const vault = new KeyVault({ dir, cipher });
    await vault.setKey('ws-8', KEY, { origin: ORIGIN });
    const before = await readFile(path.join(dir, 'ws-8.key.json'), 'utf8');
    expect(await vault.getKey('ws-8')).toBe(KEY);
    expect(state.encryptCalls).toBe(2);
    expect(JSON.parse(before)).toEqual(JSON.parse(await readFile(path.join(dir, 'ws-8.key.json'), 'utf8')));
    expect(await vault.getKey('ws-8')).toBe(KEY);
  });

  it('keeps the origin the key was entered for inside the encrypted payload', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher });
    await vault.setKey('ws-9', KEY, { origin: 'https://links.example.com/s/' });
    expect(await vault.getBoundKey('ws-9')).toEqual({ key: KEY, origin: 'https://links.example.com' });
    expect(await readFile(path.join(dir, 'ws-9.key.json'), 'utf8')).not.toContain('links.example.com');
    expect([...vault.knownKeys()]).toEqual([KEY]);
  });

  it('refuses a key stored before keys had an origin, asking for it again, and replaces it when given', async () => {
    const { cipher } = testCipher();
    const vault = new KeyVault({ dir, cipher });
    const file = path.join(dir, 'ws-10.key.json');
    const data = Buffer.from(await cipher.encrypt(KEY)).toString('base64');
    await writeFile(file, JSON.stringify({ version: 1, backend: 'gnome_libsecret', data }));
    const error = await rejection(vault.getBoundKey('ws-10'));
    expect(error).toMatchObject({ kind: 'vault' });
    expect(error.message).toMatch(/earlier Linkdock without the address.*Enter the key again/);
    expect(error.message).not.toContain(KEY);
    await vault.setKey('ws-10', KEY, { origin: ORIGIN });
    expect(await vault.getBoundKey('ws-10')).toEqual({ key: KEY, origin: ORIGIN });
  });

  it('a file whose version was changed does not change how its payload is read', async () => {
    const { cipher } = testCipher();
    const vault = new KeyVault({ dir, cipher });
    await vault.setKey('ws-11', KEY, { origin: ORIGIN });
    const file = path.join(dir, 'ws-11.key.json');
    const stored = JSON.parse(await readFile(file, 'utf8')) as { version: number; backend: string; data: string };
    for (const version of [1, 3, '2', null]) {
      await writeFile(file, JSON.stringify({ ...stored, version }));
      const error = await rejection(vault.getBoundKey('ws-11'));
      expect(error.kind).toBe('vault');
      expect(error.message).toMatch(/Enter the key again/);
    }
  });

  it('refuses a payload that does not verify: no origin, a foreign origin form, another inner version', async () => {
    const { cipher } = testCipher();
    const vault = new KeyVault({ dir, cipher });
    const file = path.join(dir, 'ws-12.key.json');
    const payloads = [
      KEY,
      JSON.stringify({ key: KEY }),
      JSON.stringify({ key: KEY, origin: null }),
      JSON.stringify({ key: KEY, origin: `${ORIGIN}/path` }),
      JSON.stringify({ version: 3, key: KEY, origin: ORIGIN }),
      'null',
    ];
    for (const payload of payloads) {
      const data = Buffer.from(await cipher.encrypt(payload)).toString('base64');
      await writeFile(file, JSON.stringify({ version: 2, backend: 'gnome_libsecret', data }));
      expect((await rejection(vault.getBoundKey('ws-12'))).message).toMatch(/damaged.*Enter the key again/);
    }
    // A payload written before the inner version was added still reads.
    const older = Buffer.from(await cipher.encrypt(JSON.stringify({ key: KEY, origin: ORIGIN }))).toString('base64');
    await writeFile(file, JSON.stringify({ version: 2, backend: 'gnome_libsecret', data: older }));
    expect(await vault.getBoundKey('ws-12')).toEqual({ key: KEY, origin: ORIGIN });
  });

  it('refuses ids that could escape its folder', async () => {
    const vault = new KeyVault({ dir, cipher: testCipher().cipher });
    const error = await rejection(vault.setKey('../evil', KEY, { origin: ORIGIN }));
    expect(error.kind).toBe('invalid-input');
  });
});
