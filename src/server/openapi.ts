import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { validationResponse } from './errors';

export type OpenApiApp = OpenAPIHono<AppEnv>;

/** A router whose zod validation failures answer in the app's error format. */
export function createOpenApiApp(): OpenApiApp {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
      return undefined;
    },
  });
}
