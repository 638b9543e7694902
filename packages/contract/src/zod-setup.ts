/**
 * Runs before any schema of the contract is built (the first import of index.ts). In a browser, zod must
 * never generate code with `new Function`: the web application's Content-Security-Policy has no
 * 'unsafe-eval', and even zod's caught probe for it makes the browser report a violation. zod reads its
 * settings from this global object, created here if zod has not loaded yet; validation is the same, only
 * the compiled fast path is off. The server keeps it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if ('document' in globalThis) {
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
