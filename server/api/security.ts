// Rights as the runtime asks for them, and explained for administrators.
import type { FastifyInstance } from 'fastify';
import { VIEW_PERMISSIONS, type RightAction, type ViewPermission } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { findUser, principalData } from '../security/identity.ts';
import type { Principal } from '../security/principal.ts';
import { rowLimitProblem, userPrincipal } from '../security/principal-of.ts';
import { ACTION_CODES, decide } from '../security/rights.ts';
import { missingRequired } from '../security/required-rights.ts';
import { principalOf, tablesOf } from './context.ts';
import { rowLimit } from '../data/access.ts';
import { Params } from '../data/filters.ts';
import { forbidden, notFound } from '../errors.ts';

/** An action as asked: by its code (1.1–1.5) or its name. */
const actionOf = (asked: string): RightAction => ACTION_CODES[asked] ?? (asked as RightAction);

/** Explaining another user's rights is for those who manage security groups. */
const SECURITY_RIGHT = '12.4';

export function securityRoutes(app: FastifyInstance, engine: Engine): void {
  /**
   * The condition the data layer adds to every statement of the table for this user: their row
   * limits, the states they may not see, rows owned by others, rows of records they cannot see.
   */
  function rowFilterOf(principal: Principal, table: string | undefined) {
    const model = table ? engine.registry.snapshot.table(table) : undefined;
    if (!model) return null;
    const params = new Params();
    const condition = rowLimit(model, principal, params);
    return { Table: model.table.name, Condition: condition, Values: params.values };
  }

  app.post<{ Body: { ID: string; Action: string }[] }>('/mvc/security/getauthorization', async (request) => {
    const principal = principalOf(request);
    // Each entry is {ID, Action} with a known action code or name (api-schemas, checked at the edge).
    return request.body.map((entry) => {
      // The named permissions for views may be asked for by name as well as by code.
      const id = Object.hasOwn(VIEW_PERMISSIONS, entry.ID) ? VIEW_PERMISSIONS[entry.ID as ViewPermission] : entry.ID;
      return { ID: entry.ID, Action: entry.Action, Grant: principal.can(id, actionOf(entry.Action)) };
    });
  });

  app.get<{ Querystring: { username: string; right: string; action: string; table?: string } }>(
    '/mvc/security/explain',
    async (request) => {
      if (!principalOf(request).can(SECURITY_RIGHT, 'read')) throw forbidden();
      const { username, right, action, table } = request.query;
      const act = actionOf(action);
      const found = await findUser(engine.pool, username);
      const data = found && (await principalData(engine.pool, found.autoid));
      if (!data) throw notFound();
      const { user, grants } = data;
      const decision = decide(grants, right, act);
      const groups = [...new Set(grants.map((g) => g.group))].map((group) => ({
        Group: group,
        FullAccess: grants.some((g) => g.group === group && g.fullaccess),
        Entries: grants
          .filter((g) => g.group === group && g.rightcode === right)
          .map((g) => ({ Action: g.action, Grant: g.grant !== false })),
      }));
      // A right that requires others is held only with them.
      const missing = decision.allowed ? missingRequired(right, (code, a) => decide(grants, code, a).allowed) : [];
      const reason = decision.deniedBy.length
        ? `denied by ${decision.deniedBy.join(', ')}`
        : missing.length
          ? `granted by ${decision.grantedBy.join(', ')}, but it requires ${missing.join(', ')}, which no group grants`
          : decision.allowed
            ? `granted by ${decision.grantedBy.join(', ')}`
            : 'no group grants it';
      return {
        Username: user.username,
        Right: right,
        Action: act,
        Allowed: decision.allowed && !missing.length && user.activated !== false && !user.lockedout,
        Reason:
          user.activated === false ? 'the user is not activated' : user.lockedout ? 'the user is locked out' : reason,
        GrantedBy: decision.grantedBy,
        DeniedBy: decision.deniedBy,
        Groups: groups,
        RowFilter: rowFilterOf(userPrincipal(user, grants, data.limits, false, tablesOf(engine)), table),
        // Limits of the user's groups that name nothing valid: what an administrator must repair.
        InvalidRowLimits: data.limits.rows.flatMap((limit) => {
          const problem = rowLimitProblem(limit, tablesOf(engine));
          return problem
            ? [
                {
                  Group: limit.group,
                  Table: limit.tablename,
                  Field: limit.fieldname,
                  Kind: limit.kind,
                  Problem: problem,
                },
              ]
            : [];
        }),
      };
    },
  );
}
