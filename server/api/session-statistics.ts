// Session statistics over HTTP (spec 3 §2, §8; right 12.62): a date range is checked with the
// specification's codes before anything is read (1004 no date, 1005 end before start, 1002 a
// date that is none or a range over a year).
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { forbidden, refused } from '../errors.ts';
import { MAX_STATISTICS_DAYS, rangeProblem, sessionStatistics } from '../security/session-statistics.ts';
import { principalOf } from './context.ts';

export const STATISTICS_RIGHT = '12.62';

export function sessionStatisticsRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: { From?: string | null; To?: string | null } }>('/mvc/sessionstatistics/Get', async (request) => {
    if (!principalOf(request).can(STATISTICS_RIGHT, 'read')) throw forbidden();
    const { From, To } = request.body;
    switch (rangeProblem(From, To)) {
      case 1004:
        throw refused('statistics.no_date');
      case 1005:
        throw refused('statistics.end_before_start');
      case 1002:
        throw refused('statistics.filter', MAX_STATISTICS_DAYS);
    }
    return { Days: await sessionStatistics(engine.pool, String(From), String(To)) };
  });
}
