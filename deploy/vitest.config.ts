import { defineConfig } from 'vitest/config';

// The deployment files and the container image, checked as they are shipped: the kustomize base rendered
// and validated, the server built from this checkout run with its settings, the image built and run.
// Files run one at a time: two of them start servers and one builds an image.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
  },
});
