/// <reference types="vite/client" />
import type { LinkdockBridge } from '../src-preload/contract/index.ts';

declare global {
  interface Window {
    /** The contract, exposed by the preload (or by the web preview's WebSocket bridge). */
    linkdock?: LinkdockBridge;
  }
}
