/**
 * The routes of the real app, read from its Express router: each route's method, path, declaration (kept on the
 * route by src/routes/route-table.ts) and the guards its chain actually holds (marked on the middleware itself).
 */
import type { Express } from 'express';
import { createTestApp } from './app.js';
import {
  declarationOf,
  guardMarkOf,
  guardRoleOf,
  type AdminRole,
  type GuardMark,
  type RouteGuard,
} from '../../src/http/route-guard.js';

export interface RouteEntry {
  method: string;
  path: string;
  declared: RouteGuard | undefined;
  /** The guards in the chain, in the order they run. */
  marks: GuardMark[];
  /** The roles the chain's administrator checks ask for. */
  roles: AdminRole[];
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean>; stack: Array<{ handle: unknown }> };
}

/** Every route of an Express app, one entry per method, in the order they match. */
export function routesOf(app: Express): RouteEntry[] {
  const stack = (app.router as unknown as { stack: RouterLayer[] }).stack;
  return stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: route.path,
          declared: declarationOf(route),
          marks: route.stack.map((layer) => guardMarkOf(layer.handle)).filter((m): m is GuardMark => m !== undefined),
          roles: route.stack.map((layer) => guardRoleOf(layer.handle)).filter((r): r is AdminRole => r !== undefined),
        }))
      : [],
  );
}

/** The routes of a fresh test app, for test files that need the list before their own app exists. */
export async function realRoutes(): Promise<RouteEntry[]> {
  const t = await createTestApp();
  try {
    return routesOf(t.express);
  } finally {
    await t.close();
  }
}
