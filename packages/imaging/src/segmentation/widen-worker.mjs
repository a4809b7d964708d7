// Widens the segmentation model to fp32 and writes it to `workerData.file`, in a thread of its own:
// when the thread exits, its JavaScript heap goes with it, so the model's 88 MB and 176 MB copies
// are given back at once instead of at the caller's next garbage collection.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { writeWidenedModel } = await tsImport('./model.ts', import.meta.url);
await writeWidenedModel(workerData.name, workerData.file);
