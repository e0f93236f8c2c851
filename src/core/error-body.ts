import { ERROR_CODES } from './errors';
import { z } from './zod';

/**
 * The error envelope every non-2xx API answer carries (see errors.ts for the codes). Kept apart
 * from errors.ts so code that needs only the codes does not load zod.
 */
export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      /** Per-field messages keyed by the field name the form uses. */
      fields: z.record(z.string(), z.string()).optional(),
      /** Provider-style reason, e.g. `invalid-credential` or `too-many-requests`. */
      reason: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
