/** The shared list source without a first page query (lists joined from several collections). */
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ListSource } from './list-source.ts';
import { SearchIndex, type ListChange } from './search-index.ts';
import { textIndexSpec } from './text-index-spec.ts';

type Row = { id: string; name: string };
const spec = textIndexSpec<Row>({ sortText: (row) => [row.name], searchText: (row) => [row.name] });
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ListSource', () => {
  it('goes from loading to ready when no first page can be queried', async () => {
    let resolveAll!: (rows: Row[]) => void;
    const changes = new Subject<ListChange<Row>>();
    const source = new ListSource<Row>(
      { name: 'test', scope: 'all', createIndex: (rows) => new SearchIndex(spec, rows), includes: () => true },
      { allRows: () => new Promise((resolve) => (resolveAll = resolve)), changes },
    );
    const phases: string[] = [];
    source.subscribe(() => phases.push(source.getSnapshot().phase));
    source.start();
    changes.next({ type: 'upsert', row: { id: 'c', name: 'Cy' } });
    resolveAll([{ id: 'b', name: 'Bo' }]);
    await flush();
    expect(phases).toEqual(['ready']);
    expect(source.getSnapshot().index?.queryIds('')).toEqual(['b', 'c']);
    source.stop();
  });
});
