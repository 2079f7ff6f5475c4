// Business records: status workflows, screen actions as batches, status logs and dashboards.
export { changeStatus, runAction } from './actions.ts';
export type { ActionBehaviour, BusinessContext } from './context.ts';
export { dashboard } from './dashboard.ts';
export { planningBoard, planningCapacity, type BoardRequest, type CapacityRequest } from './planning.ts';
export { planningMonitors } from './planning-monitors.ts';
export { settingDefaults } from './prompts.ts';
export { statusLog } from './statuslog.ts';
export { transitionsOf } from './transitions.ts';
