// The planning board (route `scheduler`) and capacity planning (route `capacityplanning`).
export { CapacityPage } from './CapacityPage.tsx';
export { PlanningBoardPage } from './PlanningBoardPage.tsx';
