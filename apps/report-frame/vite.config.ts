import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The BI service serves dist/index.html at its embed pages and the assets under /frame-assets/. */
export default defineConfig({
  base: '/frame-assets/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
  },
});
