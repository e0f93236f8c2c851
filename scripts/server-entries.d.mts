export declare const SERVER_ENTRY_POINTS: Record<'main' | 'search-worker' | 'pglite-worker', string>;
