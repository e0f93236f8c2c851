import { z } from 'zod';

// In the browser zod parses without compiling validators: its `new Function` probe is reported as a
// violation by a strict Content-Security-Policy (no 'unsafe-eval'), even though zod catches it.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** zod, configured for where it runs. Import `z` from here, never from 'zod' directly. */
export { z };
