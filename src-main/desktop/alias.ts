// Aliases for links made by shorten-from-clipboard: the contract's generator, which the renderer
// uses too, so the short URL is known before the service has seen the link (offline too).
export { CLIENT_ALIAS_LENGTH as ALIAS_LENGTH, generateAlias, type RandomBytes as RandomFill } from '../../src-preload/contract/alias.ts';
