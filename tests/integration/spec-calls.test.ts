// Every call of spec 1 §7 and spec 3 §7, sent with the body the specification describes, as its
// own client sends it: each must be taken (never a 400 for a parameter the spec names), and its
// answer matches the schema the API publishes (the harness checks every answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CODES } from '../../definitions/language/index.ts';
import { issueActivation } from '../../server/security/licence.ts';
import { DEV_LICENCE_PRIVATE_KEY, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, sheetFile } from '../support/import-files.ts';

let server: TestServer;
let base: string;
let cookie: string;
/** What earlier calls answered, for the ids later calls name. */
const seen: Record<string, number | string> = {};

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  cookie = await signIn(server.app);
});
afterAll(async () => {
  await server?.close();
});

type Body = unknown | (() => unknown);
interface SpecCall {
  /** The call as the specification's table names it. */
  call: string;
  method?: 'GET' | 'POST';
  url: string | (() => string);
  /** The spec's body; `undefined` sends none, a FormData is sent as multipart. */
  body?: Body;
  /** Reads what later calls need from the answer. */
  keep?: (answer: any) => void;
  /** A stream: only its status and media type are read. */
  stream?: boolean;
  /** A refusal for the state of things rather than the body (a task that ended before its cancel came). */
  stateRefusal?: string;
}

const value = <T>(v: T | (() => T)): T => (typeof v === 'function' ? (v as () => T)() : v);

async function send(c: SpecCall): Promise<{ status: number; type: string; answer: any }> {
  const body = await value(c.body);
  const headers: Record<string, string> = { cookie };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const controller = new AbortController();
  const res = await fetch(`${base}${value(c.url)}`, {
    method: c.method ?? 'POST',
    headers,
    body: payload,
    signal: controller.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (c.stream) {
    controller.abort();
    return { status: res.status, type, answer: null };
  }
  const answer = type.includes('json') ? await res.json() : await res.arrayBuffer();
  return { status: res.status, type, answer };
}

const view = (fields: string[]) => ({
  Columns: fields.map((FieldName) => ({
    FieldName,
    ColumnWidth: 150,
    ColumnAlignment: 0,
    Visible: true,
    Search: '',
    AdvancedFilters: [],
  })),
  PageSize: 35,
  Sort: 'Descr asc',
});

async function importForm(): Promise<FormData> {
  const form = new FormData();
  // The import form's fields (spec 1 §3), then the file.
  form.append('Destination', 'products');
  form.append('FileName', 'spec.xlsx');
  form.append('Overwrite', 'false');
  form.append('BooleanFormat', 'YesNo');
  form.append('DecimalFormat', 'Comma');
  form.append('DateFormat', 'DMYYYY_Dash');
  form.append(
    'File',
    new Blob([
      new Uint8Array(
        await sheetFile([
          ['ID', 'Descr'],
          ['SPEC1', 'Uit de specificatie'],
        ]),
      ),
    ]),
    'spec.xlsx',
  );
  return form;
}

// Spec 1 §7 and spec 3 §7, in the order of their tables (with what a later call needs made first).
const CALLS: SpecCall[] = [
  {
    call: 'POST mvc/security/getauthorization (list of security entries)',
    url: '/mvc/security/getauthorization',
    body: [
      { ID: '9.2', Action: 'read' },
      { ID: '9.1', Action: 'update', Grant: false },
    ],
  },
  {
    call: 'POST mvc/license/PrCode (empty)',
    url: '/mvc/license/PrCode',
    body: {},
    keep: (a) => {
      seen.productCode = a.ProductCode;
    },
  },
  { call: 'POST mvc/license/PrCode (no body)', url: '/mvc/license/PrCode' },
  { call: 'POST mvc/license/Get (empty)', url: '/mvc/license/Get', body: {} },
  {
    call: 'POST mvc/license/Save (licenseName, activationCode, productCode)',
    url: '/mvc/license/Save',
    body: () => {
      const terms = {
        name: 'Specificatie',
        productCode: seen.productCode,
        modules: [...MODULE_CODES],
        expires: `${new Date().getUTCFullYear() + 1}-12-31`,
      };
      return {
        licenseName: 'Specificatie',
        activationCode: issueActivation(DEV_LICENCE_PRIVATE_KEY, terms as never),
        productCode: seen.productCode,
      };
    },
  },
  { call: 'POST mvc/license/ActivatedModules (empty)', url: '/mvc/license/ActivatedModules', body: {} },
  { call: 'POST mvc/license/Retrieve (empty)', url: '/mvc/license/Retrieve', body: {} },
  { call: 'GET mvc/user/getcurrentuser', method: 'GET', url: '/mvc/user/getcurrentuser' },
  {
    call: 'POST multipart mvc/import/StartImport (import form fields)',
    url: '/mvc/import/StartImport',
    body: importForm,
    keep: (a) => {
      seen.importId = a.AutoID;
    },
  },
  {
    call: 'SSE mvc/importprogresseventstream/message?importtaskid=',
    method: 'GET',
    url: () => `/mvc/importprogresseventstream/message?importtaskid=${seen.importId}`,
    stream: true,
  },
  { call: 'POST mvc/import/GetItem?autoid= (query)', url: () => `/mvc/import/GetItem?autoid=${seen.importId}` },
  {
    call: 'POST mvc/import/GetItem?autoid= (query, empty body)',
    url: () => `/mvc/import/GetItem?autoid=${seen.importId}`,
    body: {},
  },
  {
    call: 'GET mvc/import/GetFile?ImportId=&Result=false',
    method: 'GET',
    url: () => `/mvc/import/GetFile?ImportId=${seen.importId}&Result=false`,
  },
  {
    call: 'GET mvc/import/GetFile?ImportId=&Result=true',
    method: 'GET',
    url: () => `/mvc/import/GetFile?ImportId=${seen.importId}&Result=true`,
  },
  {
    call: 'POST multipart mvc/import/StartImport (another)',
    url: '/mvc/import/StartImport',
    body: importForm,
    keep: (a) => {
      seen.importId = a.AutoID;
    },
  },
  {
    call: 'POST mvc/import/Cancel?autoid= (query)',
    url: () => `/mvc/import/Cancel?autoid=${seen.importId}`,
    stateRefusal: 'import.not_cancellable',
  },
  {
    call: 'POST JSON mvc/import/GenerateTemplate (Destination, ObjectTypeID, LocationTypeID)',
    url: '/mvc/import/GenerateTemplate',
    body: { Destination: 'products', ObjectTypeID: null, LocationTypeID: null },
  },
  { call: 'POST mvc/import/GetDestinations (filter)', url: '/mvc/import/GetDestinations', body: { filter: 'art' } },
  { call: 'POST mvc/import/GetAdvancedMode (none)', url: '/mvc/import/GetAdvancedMode', body: {} },
  {
    call: 'POST mvc/import/GetCode (none)',
    url: '/mvc/import/GetCode',
    body: {},
    keep: (a) => {
      seen.code = a.Code;
    },
  },
  {
    call: 'POST mvc/import/SetAdvancedMode (Code, VerificationCode)',
    url: '/mvc/import/SetAdvancedMode',
    body: () => ({ Code: seen.code, VerificationCode: seen.code }),
  },
  { call: 'POST mvc/import/SetAdvancedMode (flag)', url: '/mvc/import/SetAdvancedMode', body: { AdvancedMode: false } },
  { call: 'POST mvc/{ControlName}/GetNew (none)', url: '/mvc/products/GetNew', body: {} },
  {
    call: 'POST mvc/{ControlName}/save (record)',
    url: '/mvc/products/save',
    body: { AutoID: 0, ID: 'SPEC2', Descr: 'Specificatie', Price: 12.5 },
    keep: (a) => {
      seen.product = a.AutoID;
    },
  },
  {
    call: 'POST mvc/{ControlName}/GetItem (autoid)',
    url: '/mvc/products/GetItem',
    body: () => ({ autoid: seen.product }),
  },
  { call: 'GET mvc/{ControlName}/GetForm (none)', method: 'GET', url: '/mvc/products/GetForm' },
  {
    call: 'POST {controller}/GetFlexData (dataSource, pageIndex, pageSize, order, searchExpressions, flexGridLayoutColumns, dataFilter, operatorFilter, columnFilter)',
    url: '/mvc/products/GetFlexData',
    body: {
      dataSource: 0,
      pageIndex: 0,
      pageSize: 35,
      order: 'Descr asc',
      searchExpressions: 'Specificatie',
      flexGridLayoutColumns: ['ID', 'Descr', 'Price'],
      dataFilter: { Active: true },
      operatorFilter: [{ FieldName: 'Price', Value: 10, Operator: '>' }],
      columnFilter: { Descr: 'Spec' },
    },
  },
  {
    call: 'POST {controller}/GetUserFlexGridLayout (controlName)',
    url: '/mvc/products/GetUserFlexGridLayout',
    body: { controlName: 'products' },
  },
  {
    call: 'POST {controller}/GetAvailableQueryFiltersForPage (opaque)',
    url: '/mvc/products/GetAvailableQueryFiltersForPage',
    body: { controlName: 'products', pageSize: 35 },
  },
  {
    call: 'POST {controller}/GetAvailableColumnsForPage (opaque)',
    url: '/mvc/products/GetAvailableColumnsForPage',
    body: { controlName: 'products', AutoID: null },
  },
  {
    call: 'POST {controller}/createnewflexgridlayout (Name, FlexGridLayout, ControlName, LayoutType, SetAsDefaultLayout)',
    url: '/mvc/products/createnewflexgridlayout',
    body: {
      Name: 'Specificatie',
      FlexGridLayout: view(['ID', 'Descr']),
      ControlName: 'products',
      LayoutType: 1,
      SetAsDefaultLayout: false,
    },
    keep: (a) => {
      seen.view = a.AutoID;
    },
  },
  {
    call: 'POST {controller}/getflexgridlayouts (ControlName, Filter: PageSize, PageIndex, FlexGridLayoutColumns, DataFilter with ControlName)',
    url: '/mvc/products/getflexgridlayouts',
    body: {
      ControlName: 'products',
      Filter: {
        PageSize: 1000,
        PageIndex: 0,
        FlexGridLayoutColumns: ['Name', 'LayoutType', 'DefaultLayout'],
        DataFilter: { ControlName: 'products' },
      },
    },
  },
  {
    call: 'POST {controller}/getflexgridlayouts (DataFilter as conditions)',
    url: '/mvc/products/getflexgridlayouts',
    body: {
      ControlName: 'products',
      Filter: {
        PageSize: 1000,
        PageIndex: 0,
        FlexGridLayoutColumns: [],
        DataFilter: [{ FieldName: 'ControlName', Value: 'products' }],
      },
    },
  },
  {
    call: 'POST {controller}/updatedefaultlayout (AutoID, controlName)',
    url: '/mvc/products/updatedefaultlayout',
    body: () => ({ AutoID: seen.view, controlName: 'products' }),
  },
  {
    call: 'POST mvc/flexgridlayout/getflexgridlayout (AutoID)',
    url: '/mvc/flexgridlayout/getflexgridlayout',
    body: () => ({ AutoID: seen.view }),
  },
  {
    call: 'POST mvc/flexgridlayout/updateflexgridlayout (AutoID, FlexGridLayout: Columns, PageSize, Sort)',
    url: '/mvc/flexgridlayout/updateflexgridlayout',
    body: () => ({ AutoID: seen.view, FlexGridLayout: view(['ID', 'Descr', 'Price']) }),
  },
  {
    call: 'POST mvc/flexgridlayout/deleteflexgridlayout (AutoID)',
    url: '/mvc/flexgridlayout/deleteflexgridlayout',
    body: () => ({ AutoID: seen.view }),
  },
  {
    call: 'POST {controller}/{method} (editable grid: command parameters merged with request data)',
    url: '/mvc/products/rename',
    body: () => ({ autoid: seen.product, descr: 'Hernoemd', pageIndex: 0 }),
  },
  {
    call: 'lookup list (searchKey, page, pageSize 30, Archive, a filter parameter)',
    url: '/mvc/_lists/productgroups',
    body: { searchKey: '', page: 0, pageSize: 30, Archive: false, CountryID: null },
  },
  {
    call: 'lookup list of an archive list (searchKey, page, pageSize, Archive)',
    url: '/mvc/_lists/countries',
    body: { searchKey: 'N', page: 0, pageSize: 30, Archive: false },
    keep: (a) => {
      seen.country = a.Data[0].AutoID;
    },
  },
  { call: 'lookup list single (AutoID)', url: '/mvc/_lists/countries/single', body: () => ({ AutoID: seen.country }) },
  {
    call: 'live events poll (no last received yet)',
    url: '/mvc/liveevents/poll',
    body: { LastReceived: null },
    keep: (a) => {
      seen.last = a.LastReceived;
    },
  },
  {
    call: 'live events poll (the last received)',
    url: '/mvc/liveevents/poll',
    body: () => ({ LastReceived: seen.last }),
  },
  {
    call: 'live events stream (the last received)',
    method: 'GET',
    url: () => `/mvc/liveevents/stream?LastReceived=${seen.last}`,
    stream: true,
  },
  {
    call: 'POST mvc/{ControlName}/delete (autoid)',
    url: '/mvc/products/delete',
    body: () => ({ autoid: seen.product }),
  },
];

describe('the calls of the specification, with the bodies it describes', () => {
  for (const c of CALLS) {
    it(c.call, async () => {
      if (c.call.startsWith('SSE')) await finished(base, cookie, Number(seen.importId));
      const { status, answer } = await send(c);
      // The job may have ended the task already; the body was taken all the same.
      if (c.stateRefusal && status === 400) expect(answer.Key).toBe(c.stateRefusal);
      else expect(status, JSON.stringify(answer)).toBe(200);
      c.keep?.(answer);
    });
  }
});
