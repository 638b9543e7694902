import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nManifest } from './plugins/i18n-manifest';

const root = path.dirname(fileURLToPath(import.meta.url));

function gitCommit(): string {
  try {
    return execSync('git rev-parse HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/** Build information shown on the About page; the page validates it and shows "unknown build" when it is off. */
const buildInfo = {
  tag: process.env.FLAGPOLE_BUILD_TAG || 'develop',
  commit: process.env.FLAGPOLE_BUILD_COMMIT || gitCommit(),
  // ISO-8601 without milliseconds: exactly 20 characters, e.g. 2025-09-15T08:00:00Z.
  timestamp: process.env.FLAGPOLE_BUILD_TIMESTAMP || new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
};

export default defineConfig({
  base: '/',
  resolve: { alias: { '@': path.join(root, 'src') } },
  plugins: [react(), i18nManifest(path.join(root, 'src/locales'))],
  define: {
    __BUILD_INFO__: JSON.stringify(buildInfo),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.FLAGPOLE_BACKEND_URL || 'http://localhost:8080', ws: true },
      '/assets': process.env.FLAGPOLE_BACKEND_URL || 'http://localhost:8080',
    },
  },
  worker: {
    format: 'es',
    rollupOptions: {
      output: { entryFileNames: 'static/[name].[hash].js', chunkFileNames: 'static/[name].[hash].js' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        entryFileNames: 'static/[name].[hash].js',
        chunkFileNames: 'static/[name].[hash].js',
        assetFileNames: 'static/[name].[hash][extname]',
      },
    },
  },
});
