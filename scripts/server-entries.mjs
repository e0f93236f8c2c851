// The server's bundle entry points, relative to the repository: the server itself and the
// worker threads it starts (search, and the database thread for PGlite). Each bundle is named
// as the code that starts it expects (src/server/search/pool.ts, src/db/pglite-thread.ts).
export const SERVER_ENTRY_POINTS = {
  main: 'src/server/main.ts',
  'search-worker': 'src/server/search/worker.ts',
  'pglite-worker': 'src/db/pglite-worker.ts',
};
