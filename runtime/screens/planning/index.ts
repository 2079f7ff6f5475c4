// The planning board (route `scheduler`).
export { PlanningBoardPage } from './PlanningBoardPage.tsx';
