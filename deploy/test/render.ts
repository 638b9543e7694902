import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** The objects `kubectl kustomize` renders from a folder of the repository (offline, as CI does). */
export function renderKustomize(folder: string): KubeObject[] {
  const text = execFileSync('kubectl', ['kustomize', path.join(repositoryRoot, folder)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS() as KubeObject);
}

export function findObject<T = KubeObject>(objects: KubeObject[], kind: string, name: string): T {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered base`);
  return found as T;
}
