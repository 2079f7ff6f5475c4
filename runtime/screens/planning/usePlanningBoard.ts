// The board's data and its moves: the board call for the period shown, a move as the record's
// normal save (its TimeStamp as the board read it, so a planner who moved it first wins and the
// other is told), the board read again after every move and whenever another session saves a
// record of a plannable table (live events).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, CallFailed } from '../../api/index.ts';
import { recordChange, sameTable, useLiveEvents } from '../../live/index.ts';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { wallText } from '../../../definitions/language/planning-time.ts';

export type Board = AnswerOf<'POST /mvc/planning/Board'>;
export type BoardBar = Board['Bars'][number];
export type BoardItem = Board['Unplanned'][number];
export type BoardRow = Board['Rows'][number];

export interface Placement {
  table: string;
  autoid: number;
  stamp: number;
  start: number;
  end: number;
  row: BoardRow;
}

/** What a refused save says: the messages on its fields, else its error. */
export function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof CallFailed)) return fallback;
  const fields = Object.values(error.body?.ModelState ?? {}).flat();
  return fields.length ? fields.join(' ') : error.body?.Error || fallback;
}

export function usePlanningBoard(from: number, till: number, team: number | null, search: string) {
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  const load = useCallback(async () => {
    const ask = ++asked.current;
    try {
      const answer = await api.planningBoard({
        From: wallText(from),
        Till: wallText(till),
        Team: team,
        ...(search.trim() ? { Search: search.trim() } : {}),
      });
      if (ask === asked.current) {
        setBoard(answer);
        setError(null);
      }
    } catch (e) {
      if (ask === asked.current) setError(refusal(e, ''));
    }
  }, [from, till, team, search]);

  useEffect(() => {
    void load();
  }, [load]);

  const tables = board?.Tables;
  useLiveEvents(
    useCallback(
      (message) => {
        const change = recordChange(message);
        if (change && tables?.some((t) => sameTable(t.Table, change.table))) void load();
      },
      [tables, load],
    ),
  );

  /** Saves a placement through the table's save; answers the refusal's text, or null when saved. */
  const place = useCallback(
    async (p: Placement, refused: string): Promise<string | null> => {
      const def = board?.Tables.find((t) => t.Table === p.table);
      if (!def) return refused;
      try {
        const record = await api.getItem(p.table, p.autoid);
        const changes: Record<string, unknown> = {
          [def.Start]: wallText(p.start),
          [def.End]: wallText(p.end),
          [def.Resource]: p.row.AutoID,
        };
        // On a team's row, an item of no team takes the row's team.
        if (def.Team && !record[def.Team] && p.row.Team) changes[def.Team] = p.row.Team;
        await api.save(p.table, { ...record, ...changes, TimeStamp: p.stamp });
        await load();
        return null;
      } catch (e) {
        await load();
        return refusal(e, refused);
      }
    },
    [board, load],
  );

  return { board, error, load, place };
}
