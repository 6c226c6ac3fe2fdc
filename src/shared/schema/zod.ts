// ## Owns
// The one zod instance every schema in the extension is built with.
// ## Why
// zod 4 probes `new Function` on first use to decide whether to JIT-compile
// validators. MV3's CSP forbids eval, so the probe logs a CSP violation in every
// context (zod issue #5414). `jitless` skips the probe. This module must be the
// only place that imports 'zod' directly; the config then runs before any schema
// is defined, because ES modules evaluate their imports first.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
