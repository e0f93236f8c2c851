import { useEffect } from 'react';

/** Sets the document title so each screen is announced and bookmarked by name. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Safar` : 'Safar — flights with honest prices';
  }, [title]);
}
