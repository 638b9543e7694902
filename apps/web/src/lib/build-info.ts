import { BuildInfo } from '@flagpole/contract';

/** The build information baked in at build time, or null when any part of it is malformed. */
export function parseBuildInfo(raw: unknown): BuildInfo | null {
  const parsed = BuildInfo.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const buildInfo = parseBuildInfo(__BUILD_INFO__);
