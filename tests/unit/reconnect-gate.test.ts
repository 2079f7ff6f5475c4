// Reconnects while the database is down: after a failure one attempt at a time, after a growing
// wait; an answer opens the gate for everyone.
import { describe, expect, it } from 'vitest';
import { RECONNECT_WAITS_MS, ReconnectGate } from '../../server/db/reconnect-gate.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const badPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
/** Past the longest a wait of this step can be (waits are spread by ±25 %). */
const after = (step: number) => Math.ceil(RECONNECT_WAITS_MS[step] * 1.25) + 1;

describe('reconnect gate', () => {
  it('lets every connect through while the database answers', () => {
    const gate = new ReconnectGate();
    for (let i = 0; i < 20; i++) expect(gate.enter(0)).toBe('free');
    gate.leave('free', badPassword, 0);
    expect(gate.enter(0)).toBe('free');
  });

  it('after a refused connect holds every connect back for a while, then lets one try at a time', () => {
    const gate = new ReconnectGate();
    // Twenty connects were on their way when the database went: their failures count once.
    const onTheirWay = Array.from({ length: 20 }, () => gate.enter(0)!);
    for (const attempt of onTheirWay) gate.leave(attempt, refused, 0);
    expect(gate.enter(Math.floor(RECONNECT_WAITS_MS[0] * 0.75) - 1)).toBeNull();
    const t = after(0);
    expect(gate.enter(t)).toBe('probe');
    expect(gate.enter(t)).toBeNull();
    gate.leave('probe', refused, t);
    // The next wait is longer.
    expect(gate.enter(t + Math.floor(RECONNECT_WAITS_MS[1] * 0.75) - 1)).toBeNull();
    const u = t + after(1);
    expect(gate.enter(u)).toBe('probe');
    gate.leave('probe', undefined, u);
    expect(gate.enter(u)).toBe('free');
    expect(gate.enter(u)).toBe('free');
  });

  it('waits at most the last wait, however long the database is away', () => {
    const gate = new ReconnectGate();
    let now = 0;
    gate.leave(gate.enter(now)!, refused, now);
    for (let i = 0; i < 20; i++) {
      now += after(RECONNECT_WAITS_MS.length - 1);
      expect(gate.enter(now)).toBe('probe');
      gate.leave('probe', refused, now);
    }
  });
});
