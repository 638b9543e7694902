import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { i18nManifest } from './plugins/i18n-manifest';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [i18nManifest(path.join(root, 'src/locales'))],
  resolve: { alias: { '@': path.join(root, 'src') } },
  define: {
    __BUILD_INFO__: JSON.stringify({ tag: 'develop', commit: '', timestamp: '' }),
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'plugins/**/*.test.ts'],
  },
});
