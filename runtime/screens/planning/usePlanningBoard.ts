// The board's data and its moves: the board call for the period shown, a move as the record's
// normal save (its TimeStamp as the board read it, so a planner who moved it first wins and the
// other is told). A saved move is drawn from the save's answer at once, then only that record is
// read again (its colour and rules as the board reads them); another session's save of a record of
// a plannable table reads only that record too (live events). The whole board is read when the
// period, team or search changes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, CallFailed } from '../../api/index.ts';
import { recordChange, sameTable, useLiveEvents } from '../../live/index.ts';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { wallText } from '../../../definitions/language/planning-time.ts';

export type Board = AnswerOf<'POST /mvc/planning/Board'>;
export type BoardBar = Board['Bars'][number];
export type BoardItem = Board['Unplanned'][number];
export type BoardRow = Board['Rows'][number];
type BoardTable = Board['Tables'][number];

export interface Placement {
  table: string;
  autoid: number;
  stamp: number;
  start: number;
  end: number;
  row: BoardRow;
  /** The record's team as the board read it (an item of no team takes the row's). */
  team: number | null;
}

/** What a refused save says: the messages on its fields, else its error. */
export function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof CallFailed)) return fallback;
  const fields = Object.values(error.body?.ModelState ?? {}).flat();
  return fields.length ? fields.join(' ') : error.body?.Error || fallback;
}

const keyOf = (x: { Table: string; AutoID: number }) => `${x.Table}:${x.AutoID}`;

/** The board with the records of `part` (an answer of Items) in place of what it held of `keys`. */
export function mergeItems(board: Board, keys: Set<string>, part: Board): Board {
  const known = new Set(board.Rows.map(keyOf));
  return {
    ...board,
    Bars: [...board.Bars.filter((b) => !keys.has(keyOf(b))), ...part.Bars],
    Unplanned: [...part.Unplanned, ...board.Unplanned.filter((u) => !keys.has(keyOf(u)))],
    Rows: [...board.Rows, ...part.Rows.filter((r) => !known.has(keyOf(r)))],
  };
}

/** A saved record as its bar: the times, row, team and flags from the save's answer, the rest as the board had it. */
export function savedBar(def: BoardTable, saved: Record<string, unknown>, was: BoardBar | BoardItem): BoardBar {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const id = (v: unknown) => (typeof v === 'number' ? v : null);
  const on = def.Rows.find((k) => id(saved[k.Field]) !== null) ?? def.Rows[0];
  return {
    Table: was.Table,
    AutoID: was.AutoID,
    TimeStamp: id(saved.TimeStamp) ?? was.TimeStamp,
    Start: text(saved[def.Start]) ?? '',
    End: text(saved[def.End]),
    Resource: id(saved[on?.Field ?? def.Resource]) ?? 0,
    RowTable: on?.Table ?? def.ResourceTable,
    Team: def.Team ? id(saved[def.Team]) : null,
    Label: was.Label,
    Color: 'Color' in was ? was.Color : null,
    Flags: def.Flags.filter((f) => saved[f.Field] === true).map((f) => f.Field),
  };
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

  /** Reads only these records again and puts them in place; a failed read leaves the board as it is. */
  const reread = useCallback(
    async (items: { Table: string; AutoID: number }[]) => {
      const ask = asked.current;
      try {
        const part = await api.planningBoard({ From: wallText(from), Till: wallText(till), Team: team, Items: items });
        const keys = new Set(items.map(keyOf));
        if (ask === asked.current) setBoard((b) => b && mergeItems(b, keys, part));
      } catch {
        // The next full read shows it.
      }
    },
    [from, till, team],
  );

  const tables = board?.Tables;
  useLiveEvents(
    useCallback(
      (message) => {
        const change = recordChange(message);
        const def = change && tables?.find((t) => sameTable(t.Table, change.table));
        if (change && def) void reread([{ Table: def.Table, AutoID: change.autoid }]);
      },
      [tables, reread],
    ),
  );

  /**
   * Saves a placement through the table's save; answers the refusal's text, or null when saved. On
   * a row of a kind its table plans on, the record takes that kind's field and the fields of the
   * kinds before it are emptied (so it is on that row); on a row of another kind it is refused.
   */
  const place = useCallback(
    async (p: Placement, texts: { refused: string; wrongRow: string }): Promise<string | null> => {
      const def = board?.Tables.find((t) => t.Table === p.table);
      const was =
        board?.Bars.find((b) => b.Table === p.table && b.AutoID === p.autoid) ??
        board?.Unplanned.find((u) => u.Table === p.table && u.AutoID === p.autoid);
      if (!def || !was) return texts.refused;
      const kind = def.Rows.findIndex((k) => k.Table === p.row.Table);
      if (kind < 0) return texts.wrongRow;
      const item = [{ Table: p.table, AutoID: p.autoid }];
      // Only the planned fields: the save merges them into the stored record.
      const changes: Record<string, unknown> = {
        AutoID: p.autoid,
        TimeStamp: p.stamp,
        [def.Start]: wallText(p.start),
        [def.End]: wallText(p.end),
      };
      def.Rows.slice(0, kind).forEach((k) => (changes[k.Field] = null));
      changes[def.Rows[kind].Field] = p.row.AutoID;
      // On a team's row, an item of no team takes the row's team.
      if (def.Team && !p.team && p.row.Team) changes[def.Team] = p.row.Team;
      try {
        const saved = await api.save(p.table, changes);
        const bar = savedBar(def, saved, was);
        const keys = new Set([keyOf(bar)]);
        setBoard((b) => b && mergeItems(b, keys, { ...b, Bars: [bar], Unplanned: [], Rows: [] }));
        void reread(item);
        return null;
      } catch (e) {
        await reread(item);
        return refusal(e, texts.refused);
      }
    },
    [board, reread],
  );

  return { board, error, load, place };
}
