import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

const VIRTUAL_ID = 'virtual:i18n-manifest';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;

interface LocaleFile {
  /** e.g. `en-US.1a2b3c4d.json` */
  fileName: string;
  source: string;
}

/** Minified JSON of one locale and a content-hashed name, so the file can be cached forever. */
export function buildLocaleFile(language: string, json: string): LocaleFile {
  const source = JSON.stringify(JSON.parse(json));
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { fileName: `${language}.${hash}.json`, source };
}

function readLocales(localesDir: string): Map<string, LocaleFile> {
  const files = new Map<string, LocaleFile>();
  for (const entry of readdirSync(localesDir)) {
    if (!entry.endsWith('.json')) continue;
    const language = entry.slice(0, -'.json'.length);
    files.set(language, buildLocaleFile(language, readFileSync(path.join(localesDir, entry), 'utf8')));
  }
  return files;
}

/**
 * Emits every `src/locales/<lang>.json` as `static/<lang>.<sha256-8>.json` and exposes
 * `virtual:i18n-manifest`, a map from the lower-case language code to that file name.
 * In development the same files are served from memory under `/static/`.
 */
export function i18nManifest(localesDir: string): Plugin {
  let locales = readLocales(localesDir);

  const reload = (server: ViteDevServer, file: string) => {
    if (!file.startsWith(localesDir)) return;
    locales = readLocales(localesDir);
    const module = server.moduleGraph.getModuleById(RESOLVED_VIRTUAL_ID);
    if (module) server.moduleGraph.invalidateModule(module);
    server.ws.send({ type: 'full-reload' });
  };

  return {
    name: 'flagpole-i18n-manifest',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_VIRTUAL_ID) return undefined;
      const manifest = Object.fromEntries(
        [...locales].map(([language, file]) => [language.toLowerCase(), file.fileName]),
      );
      return `export default ${JSON.stringify(manifest)};`;
    },
    buildStart() {
      locales = readLocales(localesDir);
      for (const entry of readdirSync(localesDir)) this.addWatchFile(path.join(localesDir, entry));
    },
    generateBundle() {
      for (const file of locales.values()) {
        this.emitFile({ type: 'asset', fileName: `static/${file.fileName}`, source: file.source });
      }
    },
    configureServer(server) {
      server.watcher.add(localesDir);
      server.watcher.on('change', (file) => reload(server, file));
      server.watcher.on('add', (file) => reload(server, file));
      server.middlewares.use((request, response, next) => {
        const match = request.url?.match(/^\/static\/([^/?]+\.json)(?:\?.*)?$/);
        const file = match ? [...locales.values()].find((locale) => locale.fileName === match[1]) : undefined;
        if (!file) return next();
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(file.source);
      });
    },
  };
}
