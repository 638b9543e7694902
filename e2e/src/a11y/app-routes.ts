import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The web application's routes, read from its router table (apps/web/src/app/routes.tsx) rather than listed
 * here by hand, so a page another change adds is scanned without anyone remembering to. The file is parsed, not
 * imported: importing it would pull React, Mantine and CSS modules into the Node test process.
 */

export type RouteRole = 'Anonymous' | 'User' | 'Monitor' | 'Admin';

export interface AppRoute {
  /** The path pattern, e.g. `games/:id/challenges` (no leading slash; '' is the home page). */
  pattern: string;
  /** The least role the route's guards ask for. */
  role: RouteRole;
}

const routesFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/src/app/routes.tsx');

/** Route guard elements of routes.tsx (`element: requireAdmin`) and the role each asks for. */
const GUARD_ROLES: Record<string, RouteRole> = {
  requireUser: 'User',
  requireMonitor: 'Monitor',
  requireAdmin: 'Admin',
};
const ROLE_ORDER: RouteRole[] = ['Anonymous', 'User', 'Monitor', 'Admin'];

function property(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of node.properties) {
    if (ts.isPropertyAssignment(member) && member.name.getText() === name) return member.initializer;
  }
  return undefined;
}

function stricter(a: RouteRole, b: RouteRole): RouteRole {
  return ROLE_ORDER.indexOf(a) >= ROLE_ORDER.indexOf(b) ? a : b;
}

function walk(list: ts.ArrayLiteralExpression, prefix: string, role: RouteRole, out: AppRoute[]): void {
  for (const element of list.elements) {
    if (!ts.isObjectLiteralExpression(element)) {
      throw new Error(`routes.tsx: a route that is not an object literal (${element.getText()}); teach app-routes.ts`);
    }
    const pathNode = property(element, 'path');
    const own = pathNode && ts.isStringLiteralLike(pathNode) ? pathNode.text : '';
    const full = [prefix, own].filter(Boolean).join('/');
    const guard = property(element, 'element');
    const guarded = guard && ts.isIdentifier(guard) ? GUARD_ROLES[guard.text] : undefined;
    const routeRole = guarded ? stricter(role, guarded) : role;
    const children = property(element, 'children');
    if (children && ts.isArrayLiteralExpression(children)) {
      walk(children, full, routeRole, out);
      continue;
    }
    const isIndex = property(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
    if (pathNode || isIndex) out.push({ pattern: full, role: routeRole });
  }
}

/** Every leaf route of the router table with its path pattern and the role it needs. */
export function appRoutes(source = readFileSync(routesFile, 'utf8')): AppRoute[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table: ts.ArrayLiteralExpression | undefined;
  file.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      if (declaration.name.getText() === 'routes' && declaration.initializer) {
        if (ts.isArrayLiteralExpression(declaration.initializer)) table = declaration.initializer;
      }
    }
  });
  if (!table) throw new Error('routes.tsx: no `routes` array found');
  const out: AppRoute[] = [];
  walk(table, '', 'Anonymous', out);
  return out;
}
