// Vite builds the runtime (runtime/) into runtime/dist, which the server serves on its port.
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'runtime',
  base: '/',
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/mvc': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' } },
});
