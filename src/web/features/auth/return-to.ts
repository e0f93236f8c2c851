import { z } from '../../../core/zod';

/** sessionStorage key holding where a signed-out traveller was sent away from. */
const RETURN_TO_KEY = 'safar:return-to';
/** A remembered place older than this is stale: a sign-in much later should land on /home. */
export const RETURN_TO_MAX_AGE_MS = 30 * 60_000;

const returnToSchema = z.object({
  // Same-site paths only ("/x", never "//evil.example"): this feeds navigate().
  path: z.string().regex(/^\/(?!\/)[^\s\\]*$/),
  state: z.unknown(),
  at: z.number(),
});
export type ReturnTo = Omit<z.infer<typeof returnToSchema>, 'at'>;

/**
 * Remembers a path and its history state (the booking screen's chosen flight travels there).
 * @example rememberReturnTo('/result/book', window.history.state)
 */
export function rememberReturnTo(path: string, state: unknown): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_KEY, JSON.stringify({ path, state: state ?? null, at: Date.now() }));
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
    return parseReturnTo(raw, Date.now());
  } catch {
    return undefined;
  }
}

/**
 * Parses a stored return-to value; undefined unless it is well-formed, recent and points inside this site.
 * @example parseReturnTo('{"path":"//evil.example","state":null,"at":0}', Date.now()) // undefined
 */
export function parseReturnTo(raw: string | null, now: number): ReturnTo | undefined {
  if (!raw) return undefined;
  try {
    const parsed = returnToSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || now - parsed.data.at > RETURN_TO_MAX_AGE_MS) return undefined;
    return { path: parsed.data.path, state: parsed.data.state };
  } catch {
    return undefined;
  }
}
