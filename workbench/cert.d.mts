/** Writes key.pem and cert.pem for CN/SAN typst.app into `dir` and returns their contents. */
export function makeSelfSignedCert(dir: string): { key: Buffer; cert: Buffer };
