import { createMainServices, type MainServices, type MainServicesOptions } from '../../src-main/main-services.ts';
import { testCipher } from './test-cipher.ts';

/**
 * Main's services over `userDataDir` with the tests' stand-ins: the test cipher, opening links and
 * writing the clipboard doing nothing, events going nowhere. What `options` gives replaces them.
 */
export function testMainServices(userDataDir: string, options: Partial<Omit<MainServicesOptions, 'userDataDir'>> = {}): Promise<MainServices> {
  return createMainServices({
    cipher: testCipher().cipher,
    openExternal: async () => undefined,
    writeClipboard: async () => undefined,
    emit: () => undefined,
    ...options,
    userDataDir,
  });
}
