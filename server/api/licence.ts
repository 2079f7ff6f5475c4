// The licence over HTTP (spec 1 §7, spec 3 §7): the product code, the licence as the page shows
// it, activating one (Save), and the active modules. A saved licence is a row of the core table
// `licences` (every activation kept); its modules reach every process's gate by the table's
// NOTIFY. A refused code changes nothing.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  splitProductCode,
  joinProductCode,
  type LicenceAnswer,
  type LicenceSave,
  type EffectiveField,
  type MessageId,
} from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { AppError, forbidden, unknownControl } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { insertRow } from '../data/rows.ts';
import { LicenceRefused, productCode, verifyActivation, type LicenceProblem } from '../security/licence.ts';
import { activeModules } from '../security/modules.ts';
import { principalOf } from './context.ts';

const LICENCES = 'licences';

/** Why a code is refused, as the form says it. */
const REFUSED: Record<LicenceProblem, MessageId> = {
  malformed: 'licence.malformed',
  forged: 'licence.forged',
  other_product: 'licence.other_product',
  other_name: 'licence.other_name',
  expired: 'licence.expired',
  no_key: 'licence.no_key',
};

export function licenceRoutes(app: FastifyInstance, engine: Engine): void {
  const model = () => {
    const found = engine.registry.snapshot.table(LICENCES);
    if (!found) throw unknownControl(LICENCES);
    return found;
  };
  const mayManage = (request: FastifyRequest, action: 'read' | 'update') => {
    if (!principalOf(request).can(model().table.right, action)) throw forbidden();
  };
  const dashed = (code: string) => joinProductCode(splitProductCode(code));

  async function answer(): Promise<LicenceAnswer> {
    const code = await productCode(engine.pool);
    const current = engine.licence.current;
    return {
      licenseName: current?.name ?? null,
      productCode: dashed(code),
      activationCode: current?.activationCode ?? null,
      Licensed: current !== null,
      Lapsed: engine.licence.lapsed,
      Modules: activeModules(),
      Expires: current?.expires ?? null,
      SavedBy: current?.savedBy ?? null,
      SavedAt: current?.savedAt ?? null,
      CanActivate: engine.licence.key !== null,
    };
  }

  app.post('/mvc/license/PrCode', async (request) => {
    mayManage(request, 'read');
    return { ProductCode: await productCode(engine.pool) };
  });
  app.post('/mvc/license/Get', async (request) => {
    mayManage(request, 'read');
    return answer();
  });
  app.post<{ Body: LicenceSave }>('/mvc/license/Save', async (request) => {
    mayManage(request, 'update');
    const principal = principalOf(request);
    const code = await productCode(engine.pool);
    const given = request.body.productCode.replace(/[\s-]/g, '');
    let terms;
    try {
      if (given !== code) throw new LicenceRefused('other_product');
      terms = verifyActivation(request.body.activationCode, engine.licence.key, {
        productCode: code,
        name: request.body.licenseName,
      });
    } catch (err) {
      if (!(err instanceof LicenceRefused)) throw err;
      const id = REFUSED[err.problem];
      throw new AppError('BAD_REQUEST', [], { activationCode: [{ id, args: [] }] }, {}, id);
    }
    const licences = model();
    const field = (name: string) => licences.byName.get(name.toLowerCase())!;
    const values = new Map<EffectiveField | 'archive', unknown>([
      [field('LicenseName'), terms.name],
      [field('ProductCode'), dashed(code)],
      [field('ActivationCode'), request.body.activationCode.trim()],
      [field('Modules'), terms.modules.join(',')],
      [field('Expires'), terms.expires],
    ]);
    await inTransaction(
      engine.pool,
      async (client) => {
        await insertRow(client, licences, values, principal.username);
        // Every process reads the licence again (engine.ts), this one at once.
        await announceWrite(client, LICENCES);
      },
      { rerunnable: true },
    );
    tableWritten(LICENCES);
    await engine.licence.refresh();
    return answer();
  });
  app.post('/mvc/license/ActivatedModules', async () => ({
    Modules: activeModules(),
    Licensed: engine.licence.current !== null,
  }));
  app.post('/mvc/license/Retrieve', async () => {
    const code = await productCode(engine.pool);
    const current = engine.licence.current;
    const modules = activeModules();
    // The runtime keeps this under its hash: a new product code or licence makes a new entry.
    const hash = createHash('sha256')
      .update(`${code}|${current?.activationCode ?? ''}|${modules.join(',')}`)
      .digest('hex')
      .slice(0, 16);
    return {
      Hash: hash,
      Modules: modules,
      Licensed: current !== null,
      Expires: current?.expires ?? null,
      licenseName: current?.name ?? null,
    };
  });
}
