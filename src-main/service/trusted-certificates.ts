// The certificate authorities a service's certificate is checked against: Node's bundled (Mozilla)
// ones and NODE_EXTRA_CA_CERTS, plus the operating system's store, where a company installs the
// authority of its TLS-inspecting proxy or its internal services (Node 24: tls.getCACertificates).
import tls from 'node:tls';

export interface TrustOptions {
  /** The system store's certificates (PEM); default tls.getCACertificates('system'). Tests inject their own authority. */
  systemCertificates?: () => string[];
  /** Told why the system store could not be read (the bundled authorities are used alone). */
  warn?: (message: string) => void;
}

export function trustedCertificates(options: TrustOptions = {}): string[] {
  const bundled = tls.getCACertificates('default');
  let system: string[] = [];
  try {
    system = (options.systemCertificates ?? (() => tls.getCACertificates('system')))();
  } catch (error) {
    options.warn?.(`system certificate store not read, only the bundled authorities are trusted: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The same authority is often in both: one copy of each.
  return [...new Set([...bundled, ...system].map((pem) => pem.trim()))];
}
