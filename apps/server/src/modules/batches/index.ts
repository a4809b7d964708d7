export { batchUploadLimits, readBatchUpload, readPaidBatchUpload } from './batch-upload.ts';
export { deleteBatchesOf } from './batches.repository.ts';
export { batchesRoutes } from './batches.routes.ts';
export { type BatchPlan, type BatchesService, createBatchesService } from './batches.service.ts';
