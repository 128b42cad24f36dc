// Thin adapter: Electron's safeStorage (async API) as the vault's Cipher.
import type { SafeStorage } from 'electron';
import type { Cipher } from '../vault/key-vault.ts';

export function safeStorageCipher(safeStorage: SafeStorage, platform: NodeJS.Platform): Cipher {
  return {
    isAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
    backend: () => {
      if (platform === 'linux') return safeStorage.getSelectedStorageBackend();
      return platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : platform;
    },
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    async decrypt(data) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(data));
      return { value: result, shouldReEncrypt };
    },
  };
}
