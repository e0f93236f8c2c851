import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web; the API server (src/server) serves dist/web in production
// and is proxied under /api during `npm run dev`.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
});
