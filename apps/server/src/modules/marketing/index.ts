export { deleteEntriesOfUser } from './marketing.repository.ts';
export { marketingRoutes } from './marketing.routes.ts';
