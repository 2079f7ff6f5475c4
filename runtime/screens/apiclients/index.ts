// The API clients page: clients and a secret shown once.
export { ApiClientsPage } from './ApiClientsPage.tsx';
