/// <reference types="vite/client" />

declare module 'virtual:i18n-manifest' {
  /** Lower-case language code → hashed translation file name under /static/. */
  const manifest: Record<string, string>;
  export default manifest;
}

/** Injected by Vite `define`; validated before display. */
declare const __BUILD_INFO__: { tag: string; commit: string; timestamp: string };
