// The renderer's client-generated aliases: the contract's generator (main makes them the same way).
export { CLIENT_ALIAS_LENGTH, cryptoRandomBytes, generateAlias, type RandomBytes } from '../../src-preload/contract/alias.ts';
