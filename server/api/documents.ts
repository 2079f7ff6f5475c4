// The file of a record under its own name: GET mvc/{ControlName}/download?autoid= answers the
// file of the table's one file field (a document's file), with the checks of every read: the
// table's read right, the row limits (a document only while its record is visible), field limits.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { badRequest } from '../errors.ts';
import { authorize, autoIdOf, readRecord } from '../data/records.ts';
import { isFileField } from '../data/values.ts';
import { fileFieldOf, sendStoredFile } from './files.ts';
import { tableContext } from './context.ts';

export function documentRoutes(app: FastifyInstance, engine: Engine): void {
  app.get<{ Params: { control: string }; Querystring: { autoid?: string } }>(
    '/mvc/:control/download',
    async (request, reply) => {
      const { principal, model } = tableContext(engine, request, request.params.control);
      authorize(model, principal, 'read');
      const fileFields = model.table.fields.filter(isFileField);
      if (fileFields.length !== 1) throw badRequest('request.one_file_field', model.table.name);
      const field = fileFieldOf(model, request, fileFields[0].name);
      const record = await readRecord(engine.pool, model, principal, autoIdOf(undefined, request.query));
      return sendStoredFile(engine, reply, record[field.name]);
    },
  );
}
