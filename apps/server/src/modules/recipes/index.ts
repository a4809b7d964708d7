export { deleteRecipesOf } from './recipes.repository.ts';
export { recipesRoutes } from './recipes.routes.ts';
export { createRecipesService } from './recipes.service.ts';
