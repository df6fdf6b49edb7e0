/**
 * Which foreign key an embed `target!hint(…)` uses, as PostgREST's Plan.hs `findRel`
 * decides: by table name, constraint name or single FK column, narrowed by the hint.
 * No match → 400 PGRST200; more than one → 300 PGRST201 with the candidates.
 */
import { restError, type RestError } from './errors.ts';
import { closest } from './fuzzy.ts';
import { SCHEMA, type Relationship, type SchemaCache } from './schema-cache.ts';

export function findRelationship(cache: SchemaCache, origin: string, target: string, hint: string | null): Relationship {
  const originRels = cache.relationships.get(origin) ?? [];
  const matches = originRels.filter((rel) => {
    const single = rel.columns.length === 1 ? rel.columns[0]! : null;
    const fkColumn = (name: string) => single !== null && single[0] === name;
    const refColumn = (name: string) => single !== null && single[1] === name;
    const constraint = (name: string) => rel.constraint === name;
    const foreignIsView = cache.tables.get(rel.foreignTable)?.isView ?? false;
    if (rel.isSelf) {
      if (hint === null) {
        return (
          (target === rel.foreignTable && rel.cardinality === 'one-to-many') ||
          (fkColumn(target) && rel.cardinality === 'many-to-one')
        );
      }
      return target === rel.foreignTable && rel.cardinality === 'one-to-many' && refColumn(hint);
    }
    if (hint === null) {
      return target === rel.foreignTable || ((constraint(target) || fkColumn(target)) && !foreignIsView);
    }
    return target === rel.foreignTable && (constraint(hint) || fkColumn(hint) || refColumn(hint));
  });
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw noRelationship(cache, origin, target, hint);
  throw ambiguousRelationship(origin, target, matches);
}

function noRelationship(cache: SchemaCache, origin: string, target: string, hint: string | null): RestError {
  const using = hint === null ? '' : `' using the hint '${hint}`;
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}${using}' in the schema '${SCHEMA}', but no matches were found.`,
    noRelationshipHint(cache, origin, target),
  );
}

/** Suggest a close parent when the origin has no relationships, else a close child. */
function noRelationshipHint(cache: SchemaCache, origin: string, target: string): string | null {
  const originRels = cache.relationships.get(origin);
  if (originRels) {
    const child = closest(target, new Set(originRels.map((rel) => rel.foreignTable)), 0.33, 1);
    return child === null ? null : `Perhaps you meant '${child}' instead of '${target}'.`;
  }
  const parent = closest(origin, cache.relationships.keys(), 0.33);
  return parent === null ? null : `Perhaps you meant '${parent}' instead of '${origin}'.`;
}

function ambiguousRelationship(origin: string, target: string, rels: Relationship[]): RestError {
  const details = rels.map((rel) => ({
    cardinality: rel.cardinality,
    embedding: `${rel.table} with ${rel.foreignTable}`,
    relationship: `${rel.constraint} using ${rel.table}(${rel.columns.map(([column]) => column).join(', ')}) and ${rel.foreignTable}(${rel.columns.map(([, foreign]) => foreign).join(', ')})`,
  }));
  const options = rels.map((rel) => `'${rel.foreignTable}!${rel.constraint}'`).join(', ');
  return restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
