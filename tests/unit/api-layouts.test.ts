// The saved-view calls of docs/saved-views.md as the client sends them: path and JSON body.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../runtime/api/index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('saved-view calls', () => {
  it('send the documented paths and bodies', async () => {
    const sent: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push([url, JSON.parse(String(init.body))]);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = createClient('/');
    const content = { Columns: [], PageSize: 35, Sort: 'ID asc' };
    await client.userLayout('costcodes');
    await client.layouts('costcodes');
    await client.createLayout('costcodes', {
      Name: 'Mijn',
      FlexGridLayout: content,
      LayoutType: 1,
      SetAsDefaultLayout: true,
    });
    await client.setDefaultLayout('costcodes', 4);
    await client.availableColumns('costcodes', 4);
    await client.availableColumns('costcodes');
    await client.availableFilters('costcodes');
    await client.layout(4);
    await client.updateLayout(4, content);
    await client.deleteLayout(4);
    await client.resetUserLayout('jan', 'costcodes');
    await client.flexData('costcodes', {
      flexGridLayoutColumns: [{ FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 2 }],
    });
    expect(sent).toEqual([
      ['/mvc/costcodes/GetUserFlexGridLayout', { controlName: 'costcodes' }],
      ['/mvc/costcodes/getflexgridlayouts', { ControlName: 'costcodes', Filter: { PageSize: 1000, PageIndex: 0 } }],
      [
        '/mvc/costcodes/createnewflexgridlayout',
        { Name: 'Mijn', FlexGridLayout: content, LayoutType: 1, SetAsDefaultLayout: true, ControlName: 'costcodes' },
      ],
      ['/mvc/costcodes/updatedefaultlayout', { AutoID: 4, controlName: 'costcodes' }],
      ['/mvc/costcodes/GetAvailableColumnsForPage', { AutoID: 4 }],
      ['/mvc/costcodes/GetAvailableColumnsForPage', {}],
      ['/mvc/costcodes/GetAvailableQueryFiltersForPage', {}],
      ['/mvc/flexgridlayout/getflexgridlayout', { AutoID: 4 }],
      ['/mvc/flexgridlayout/updateflexgridlayout', { AutoID: 4, FlexGridLayout: content }],
      ['/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: 4 }],
      ['/mvc/flexgridlayout/resetuserlayout', { Username: 'jan', ControlName: 'costcodes' }],
      [
        '/mvc/costcodes/GetFlexData',
        { pageSize: 35, flexGridLayoutColumns: [{ FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 2 }] },
      ],
    ]);
  });
});
