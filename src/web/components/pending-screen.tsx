import type { ReactNode } from 'react';
import { useDocumentTitle } from './page-title';

/** A titled page for screens whose full version is still being built. */
export function PendingScreen({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
