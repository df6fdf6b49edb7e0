/**
 * GET /rest/v1/: a small OpenAPI (Swagger 2.0) description of the exposed tables and
 * functions, as PostgREST serves at its root, for tools that list the API.
 */
import type { SchemaCache } from './schema-cache.ts';

export function openApiDocument(cache: SchemaCache, basePath: string): string {
  const paths: Record<string, unknown> = { '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)' } } };
  const definitions: Record<string, unknown> = {};
  for (const table of [...cache.tables.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    paths[`/${table.name}`] = { get: { tags: [table.name] }, post: { tags: [table.name] }, patch: { tags: [table.name] }, delete: { tags: [table.name] } };
    definitions[table.name] = {
      type: 'object',
      required: [...table.columns.values()].filter((column) => !column.nullable && column.defaultExpr === null).map((column) => column.name),
      properties: Object.fromEntries([...table.columns.values()].map((column) => [column.name, { format: column.type }])),
    };
  }
  for (const [name, overloads] of [...cache.routines.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const routine = overloads[0]!;
    const method = routine.volatility === 'volatile' ? { post: { tags: ['(rpc) ' + name] } } : { get: { tags: ['(rpc) ' + name] }, post: { tags: ['(rpc) ' + name] } };
    paths[`/rpc/${name}`] = method;
  }
  return JSON.stringify({
    swagger: '2.0',
    info: { title: 'standard public schema', description: 'Local Supabase stack (PostgREST subset)', version: '12' },
    basePath,
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json', 'application/vnd.pgrst.object+json'],
    paths,
    definitions,
  });
}
