import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The portal server serves dist/ and answers /api/; in `vite dev` the API is proxied to it. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': process.env['VITRINA_API_URL'] ?? 'http://localhost:8080' } },
});
