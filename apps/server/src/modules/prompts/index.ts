export { deleteSavedPromptsOf } from './prompts.repository.ts';
export { promptsRoutes } from './prompts.routes.ts';
export { type PromptsService, createPromptsService } from './prompts.service.ts';
