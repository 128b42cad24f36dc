// Keeps each workspace's API key encrypted on disk, one file per workspace, together with the
// origin the key was entered for (issue #14): both are inside the encrypted payload, so editing
// workspaces.json cannot redirect the key. Nothing outside the encryption decides how the payload
// is read (issue #36): a file's "version" can only select the one format there is, whose payload
// always names its origin. The cipher is handed in (Electron's safeStorage in the app, a test
// double in tests), so this module has no Electron.
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CallError, originOf, type VaultStatus } from '../../src-preload/contract/index.ts';
import { writeFileDurably } from '../storage/durable-write.ts';

export interface Cipher {
  /** Whether encryption can be used at all. */
  isAvailable(): Promise<boolean>;
  /** Name of the key store in use; `basic_text` means the key is only obfuscated. */
  backend(): string;
  encrypt(plain: string): Promise<Uint8Array>;
  decrypt(data: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }>;
}

/** Backends that protect nothing beyond obfuscation (Electron on Linux without a keyring). */
const WEAK_BACKENDS = new Set(['basic_text']);

/**
 * Version 2 encrypts `{"version":2,"key","origin"}` (files written before the inner version have
 * none). Version 1 (the bare key, before issue #14) is refused: it holds no trustworthy record of
 * the address it was entered for, and binding it to whatever workspaces.json names now is how a
 * key could be sent elsewhere (issue #36). It was only ever written by unreleased builds; the user
 * types the key once more.
 */
const FILE_VERSION = 2;
const OLD_VERSION = 1;
interface KeyFile {
  version: typeof OLD_VERSION | typeof FILE_VERSION;
  backend: string;
  data: string; // base64 of the cipher's output
}

/** A stored key and the origin it belongs to. */
export interface BoundKey {
  key: string;
  origin: string;
}

export interface KeyVaultOptions {
  dir: string;
  cipher: Cipher;
  now?: () => number;
}

export class KeyVault {
  private readonly dir: string;
  private readonly cipher: Cipher;
  private readonly now: () => number;
  /** Every key this process stored or read, so text leaving main can be cleaned of them. */
  private readonly seen = new Set<string>();

  constructor(options: KeyVaultOptions) {
    this.dir = options.dir;
    this.cipher = options.cipher;
    this.now = options.now ?? Date.now;
  }

  async status(): Promise<VaultStatus> {
    const available = await this.cipher.isAvailable();
    const backend = this.cipher.backend();
    return { available, backend, secure: available && !WEAK_BACKENDS.has(backend) };
  }

  /**
   * Encrypts and stores the key. Where the store only obfuscates, the user must have agreed
   * (`acceptWeak`) first: we say so plainly instead of pretending the key is safe.
   */
  async setKey(workspaceId: string, key: string, options: { origin: string; acceptWeak?: boolean }): Promise<void> {
    const origin = originOf(options.origin);
    if (origin === null) throw new CallError({ kind: 'invalid-input', message: 'A key must be stored with the address it is for.' });
    const acceptWeak = options.acceptWeak === true;
    const status = await this.status();
    if (!status.available) {
      throw new CallError({ kind: 'vault', message: 'This system offers no way to encrypt the API key, so it was not stored.' });
    }
    if (!status.secure && !acceptWeak) {
      throw new CallError({
        kind: 'weak-encryption',
        message:
          'No system keyring was found, so the API key can only be obfuscated, not encrypted: anyone who can read your ' +
          'files could recover it. Agree to store it this way, or set up a keyring (GNOME Keyring, KWallet) and try again.',
      });
    }
    this.seen.add(key);
    const data = await this.cipher.encrypt(JSON.stringify({ version: FILE_VERSION, key, origin }));
    const file: KeyFile = { version: FILE_VERSION, backend: status.backend, data: Buffer.from(data).toString('base64') };
    const target = this.fileFor(workspaceId);
    if (await this.isUnreadable(workspaceId)) {
      // The user chose to replace a damaged key: keep the damaged file for inspection rather than destroy it.
      await rename(target, `${target}.damaged-${this.now()}`);
    }
    await writeFileDurably(target, JSON.stringify(file));
  }

  async hasKey(workspaceId: string): Promise<boolean> {
    return (await this.readFile(workspaceId)) !== null;
  }

  /** The decrypted key, or null when none is stored. A damaged file is an error, never "no key". */
  async getKey(workspaceId: string): Promise<string | null> {
    return (await this.getBoundKey(workspaceId))?.key ?? null;
  }

  /**
   * The decrypted key with the origin it belongs to, or null when none is stored. A file that is
   * damaged, of the old format or whose payload does not verify is an error asking for the key again.
   */
  async getBoundKey(workspaceId: string): Promise<BoundKey | null> {
    const raw = await this.readFile(workspaceId);
    if (raw === null) return null;
    const file = parseKeyFile(raw);
    if (!file) throw damaged();
    if (file.version === OLD_VERSION) throw damaged('it was stored by an earlier Linkdock without the address it is for, so it is not used');
    let result: { value: string; shouldReEncrypt: boolean };
    try {
      result = await this.cipher.decrypt(Buffer.from(file.data, 'base64'));
    } catch {
      throw damaged('it cannot be decrypted (was it stored by another user account or machine?)');
    }
    const bound = parsePayload(result.value, file.version);
    if (!bound) throw damaged();
    this.seen.add(bound.key);
    if (result.shouldReEncrypt) {
      // The key store rotated its key: store the key again under the new one. A failure here
      // is harmless (the old file still decrypts), so it must not fail the read.
      await this.setKey(workspaceId, bound.key, { origin: bound.origin, acceptWeak: true }).catch(() => undefined);
    }
    return bound;
  }

  /** The keys this process has handled (for redaction; never sent anywhere). */
  knownKeys(): Iterable<string> {
    return this.seen;
  }

  async removeKey(workspaceId: string): Promise<void> {
    await rm(this.fileFor(workspaceId), { force: true });
  }

  private async isUnreadable(workspaceId: string): Promise<boolean> {
    const raw = await this.readFile(workspaceId);
    return raw !== null && parseKeyFile(raw) === null;
  }

  private async readFile(workspaceId: string): Promise<string | null> {
    try {
      return await readFile(this.fileFor(workspaceId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new CallError({ kind: 'vault', message: `The key file could not be read: ${(error as Error).message}` });
    }
  }

  private fileFor(workspaceId: string): string {
    if (!/^[a-z0-9-]{1,64}$/.test(workspaceId)) {
      throw new CallError({ kind: 'invalid-input', message: 'not a workspace id' });
    }
    return path.join(this.dir, `${workspaceId}.key.json`);
  }
}

function parseKeyFile(raw: string): KeyFile | null {
  try {
    const value = JSON.parse(raw) as Partial<KeyFile>;
    if ((value.version !== OLD_VERSION && value.version !== FILE_VERSION) || typeof value.data !== 'string' || typeof value.backend !== 'string') return null;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value.data) || value.data.length === 0) return null;
    return value as KeyFile;
  } catch {
    return null;
  }
}

/** The payload must be the format the file names: the key with a valid origin, and its own version when it carries one. */
function parsePayload(plain: string, version: number): BoundKey | null {
  try {
    const value = JSON.parse(plain) as Partial<BoundKey> & { version?: unknown };
    if (value === null || typeof value !== 'object') return null;
    if (value.version !== undefined && value.version !== version) return null;
    if (typeof value.key !== 'string' || typeof value.origin !== 'string' || originOf(value.origin) !== value.origin) return null;
    return { key: value.key, origin: value.origin };
  } catch {
    return null;
  }
}

function damaged(why = 'the file is damaged'): CallError {
  return new CallError({
    kind: 'vault',
    message: `The stored API key for this workspace cannot be read: ${why}. Enter the key again to replace it.`,
  });
}
