import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A self-signed X.509 certificate made with node:crypto alone, for TLS tests on loopback. Node 20
// can parse certificates but not make them, and the tests must not download anything or depend
// on an openssl binary, so this writes the little DER a certificate needs by hand: an ECDSA P-256
// key, a subject CN, subjectAltNames (DNS names and IPs) and a validity window.

export interface TestCertificate {
  /** PEM certificate: give it to a server as `cert`, or to a client as `ca` to trust it. */
  cert: string;
  key: string;
}

export interface CertOptions {
  commonName?: string;
  dnsNames?: string[];
  ips?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else if (length < 0x100) header = Buffer.from([tag, 0x81, length]);
  else header = Buffer.from([tag, 0x82, length >> 8, length & 0xff]);
  return Buffer.concat([header, content]);
}

const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [a * 40 + b];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

function ipBytes(ip: string): Buffer {
  return Buffer.from(ip.split('.').map(Number));
}

const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export function makeSelfSignedCert(options: CertOptions = {}): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(options.commonName ?? 'spin-desk test', 'utf8')))));
  const notBefore = options.notBefore ?? new Date(Date.now() - 60_000);
  const notAfter = options.notAfter ?? new Date(Date.now() + 24 * 3600_000);
  const altNames = [
    ...(options.dnsNames ?? []).map((dns) => tlv(0x82, Buffer.from(dns, 'ascii'))),
    ...(options.ips ?? []).map((ip) => tlv(0x87, ipBytes(ip))),
  ];
  const extensions = altNames.length ? tlv(0xa3, seq(seq(oid('2.5.29.17'), tlv(0x04, seq(...altNames))))) : Buffer.alloc(0);
  const serial = randomBytes(8);
  // A positive INTEGER in its one DER form: the first byte 0x01-0x7f. (Only clearing the top bit
  // left a leading 0x00 before a byte under 0x80 about once in 256 certificates, which OpenSSL
  // refuses as "illegal padding": a test that failed by chance.)
  serial[0] = 1 + ((serial[0] ?? 0) % 0x7f);
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serial),
    ECDSA_SHA256,
    name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}
