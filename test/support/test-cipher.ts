import type { Cipher } from '../../src-main/vault/key-vault.ts';

/**
 * A reversible stand-in for safeStorage: XOR with a secret byte behind a marker, so tests can
 * tell encrypted bytes from plain text and make decryption fail on foreign data.
 */
export function testCipher(options: { backend?: string; available?: boolean; reEncrypt?: boolean } = {}) {
  const marker = Buffer.from('TC1:');
  const state = { encryptCalls: 0, decryptCalls: 0, reEncrypt: options.reEncrypt ?? false };
  const cipher: Cipher = {
    isAvailable: async () => options.available ?? true,
    backend: () => options.backend ?? 'gnome_libsecret',
    async encrypt(plain) {
      state.encryptCalls += 1;
      return Buffer.concat([marker, Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]);
    },
    async decrypt(data) {
      state.decryptCalls += 1;
      const bytes = Buffer.from(data);
      if (!bytes.subarray(0, marker.length).equals(marker)) throw new Error('Error while decrypting the ciphertext');
      const value = Buffer.from(bytes.subarray(marker.length).map((b) => b ^ 0x5a)).toString('utf8');
      const shouldReEncrypt = state.reEncrypt;
      state.reEncrypt = false;
      return { value, shouldReEncrypt };
    },
  };
  return { cipher, state };
}
