// A self-signed certificate for https://typst.app, made at test time with openssl
// (no certificate is committed). Cached per machine user for the test run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TlsFiles {
  readonly key: Buffer;
  readonly cert: Buffer;
}

export function typstCertificate(): TlsFiles {
  const dir = path.join(os.tmpdir(), 'side-agent-tls');
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '7',
        '-subj',
        '/CN=typst.app',
        '-addext',
        'subjectAltName=DNS:typst.app',
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
}
