import { z } from 'zod';

/** sessionStorage key holding where a signed-out traveller was sent away from. */
export const RETURN_TO_KEY = 'safar:return-to';

const returnToSchema = z.object({
  // Same-site paths only ("/x", never "//evil.example"): this feeds navigate().
  path: z.string().regex(/^\/(?!\/)[^\s\\]*$/),
  state: z.unknown(),
});
export type ReturnTo = z.infer<typeof returnToSchema>;

/**
 * Remembers a path and its history state (the booking screen's chosen flight travels there).
 * @example rememberReturnTo('/result/book', window.history.state)
 */
export function rememberReturnTo(path: string, state: unknown): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_KEY, JSON.stringify({ path, state: state ?? null }));
  } catch {
    // Storage unavailable or state not serialisable: sign-in then lands on /home.
  }
}

/**
 * Reads and forgets the remembered place; undefined when there is none or it is not a safe path.
 * @example const back = takeReturnTo(); navigate(back?.path ?? '/home', { state: back?.state })
 */
export function takeReturnTo(): ReturnTo | undefined {
  try {
    const raw = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return parseReturnTo(raw);
  } catch {
    return undefined;
  }
}

/**
 * Parses a stored return-to value; undefined unless it is well-formed and points inside this site.
 * @example parseReturnTo('{"path":"//evil.example","state":null}') // undefined
 */
export function parseReturnTo(raw: string | null): ReturnTo | undefined {
  if (!raw) return undefined;
  try {
    const parsed = returnToSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
