// The vault's cipher in the web preview, where there is no OS key store: AES-256-GCM under a key
// that lives only in this process. Keys are encrypted at rest but unreadable after a restart,
// so a preview run never leaves a usable key on disk.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cipher } from '../vault/key-vault.ts';

export function sessionCipher(): Cipher {
  const key = randomBytes(32);
  return {
    isAvailable: async () => true,
    backend: () => 'preview-session',
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(data) {
      const bytes = Buffer.from(data);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const value = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return { value, shouldReEncrypt: false };
    },
  };
}
