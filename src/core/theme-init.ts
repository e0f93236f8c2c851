/**
 * The page's first script, inline in index.html so that no request stands between the HTML and
 * the first paint: it applies the saved theme, else the system preference, before anything is
 * drawn, so a dark-mode traveller never sees a white flash. The server's Content-Security-Policy
 * allows exactly this text by its SHA-256 (see `themeInitHash` in src/server/app.ts).
 */
export const THEME_INIT_SCRIPT =
  "(function(){try{var s=localStorage.getItem('theme');var d=s?s==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.dataset.theme=d?'dark':'light'}catch(e){document.documentElement.dataset.theme='light'}})();";
