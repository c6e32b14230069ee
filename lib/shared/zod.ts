import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; its probe for that is an eval the
// strict CSP of the pay page blocks and reports (script-src 'unsafe-eval' is never granted).
// Schemas the browser runs import `z` from here.
z.config({ jitless: true });

export { z };
