// A throwaway self-signed certificate for typst.app, made with openssl at test time, so the
// workbench can be served as https://typst.app (browsers also need --ignore-certificate-errors).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function makeSelfSignedCert(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=typst.app',
      '-addext',
      'subjectAltName=DNS:typst.app',
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
}
