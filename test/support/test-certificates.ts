// X.509 certificates made at test time with node:crypto alone (no fixture, no openssl, no library):
// a minimal DER encoder for what a TLS test needs (an authority, a server certificate for
// 127.0.0.1 or another name, a chosen validity). P-256 keys, ECDSA with SHA-256.
import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);
const octets = (content: Buffer) => tlv(0x04, content);
const bool = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const integer = (bytes: Buffer) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  // UTCTime up to 2049, GeneralizedTime after (RFC 5280).
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const name = (commonName: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function altNames(names: string[]): Buffer {
  return seq(
    ...names.map((entry) => (/^\d+\.\d+\.\d+\.\d+$/.test(entry) ? tlv(0x87, Buffer.from(entry.split('.').map(Number))) : tlv(0x82, Buffer.from(entry)))),
  );
}

export interface TestCertificate {
  /** PEM of the certificate. */
  cert: string;
  /** PEM (PKCS#8) of its private key. */
  key: string;
  keyObject: KeyObject;
  subject: string;
}

export interface CertificateOptions {
  subject: string;
  /** Signed by this authority; absent: self-signed. */
  issuer?: TestCertificate;
  /** An authority (basicConstraints CA:TRUE), or a server certificate for `names`. */
  authority?: boolean;
  /** Subject alternative names: DNS names or IPv4 addresses. */
  names?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** 12 bytes; absent: random. */
  serial?: Buffer;
}

const DAY = 86_400_000;

export function makeCertificate(options: CertificateOptions): TestCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = options.issuer?.keyObject ?? privateKey;
  const issuerName = options.issuer?.subject ?? options.subject;
  const serial = Buffer.from(options.serial ?? randomBytes(12));
  // A DER INTEGER is positive and minimal: top bit clear, and a set second bit means the first
  // byte is never a padding zero (a random 0x00 followed by a byte under 0x80 made ~1 in 128
  // certificates unreadable: "illegal padding").
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const extensions = [
    seq(oid('2.5.29.19'), bool(true), octets(options.authority ? seq(bool(true)) : seq())),
    ...(options.authority ? [seq(oid('2.5.29.15'), bool(true), octets(tlv(0x03, Buffer.from([0x01, 0x06]))))] : []),
    ...(options.names?.length ? [seq(oid('2.5.29.17'), octets(altNames(options.names)))] : []),
  ];
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name(issuerName),
    seq(time(options.notBefore ?? new Date(Date.now() - DAY)), time(options.notAfter ?? new Date(Date.now() + 30 * DAY))),
    name(options.subject),
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, signer);
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trim()}\n-----END CERTIFICATE-----\n`,
    key,
    keyObject: createPrivateKey(key),
    subject: options.subject,
  };
}
