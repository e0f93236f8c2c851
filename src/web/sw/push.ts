/** A Web Push message for Safar (price alerts and other notices). */
export interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

/**
 * Reads {title, body, url, tag} from a push message; anything else gets a plain Safar notice.
 * @example parsePushPayload('{"title":"Fare drop","url":"/result"}')
 */
export function parsePushPayload(text: string | null): PushPayload {
  try {
    const data: unknown = JSON.parse(text ?? '');
    if (typeof data === 'object' && data !== null && 'title' in data && typeof data.title === 'string') {
      const field = (name: string) => {
        const value: unknown = (data as Record<string, unknown>)[name];
        return typeof value === 'string' ? value : undefined;
      };
      return { title: data.title, body: field('body'), url: field('url'), tag: field('tag') };
    }
  } catch {
    // Not JSON: fall through to the plain notice.
  }
  return { title: 'Safar', body: text ?? undefined };
}

/**
 * Only same-origin paths are opened from a notification; anything else opens the home page.
 * @example sameOriginPath('/result?from=DEL', 'https://safar.example') // '/result?from=DEL'
 */
export function sameOriginPath(url: string | undefined, origin: string): string {
  if (!url) return '/';
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}
