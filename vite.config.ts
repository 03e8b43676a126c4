import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = Object.fromEntries(
  ['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, fileURLToPath(new URL(`./${folder}`, import.meta.url))]),
);

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    include: ['{domain,sync,server,workers,src,tests/integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
