import { editImageField, editMaskField } from '@lumigen/contract/edit';
import type { FastifyRequest } from 'fastify';
import type { UploadGuard } from '../../lib/upload-guard.ts';
import type { KeyCharge } from '../credits/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import { readEditUpload, type EditFieldNames } from './edit-upload.ts';
import type { EditService } from './edit.service.ts';

/** Our field names; the OpenAI-shaped endpoint passes its own. */
export const ourEditFields: EditFieldNames = { images: [editImageField], mask: [editMaskField], maskChanges: 'white' };

/**
 * An edit's multipart body, judged and submitted as the caller's job, as a tool call is
 * (`tool-call.ts`): no provider able to edit is a 503 and a balance that cannot pay a 402, both
 * before the body is read; every 4xx of the pictures before the credit is reserved.
 */
export async function acceptEditCall(
  request: FastifyRequest,
  names: EditFieldNames,
  {
    edit,
    jobs,
    uploadsDir,
    uploadGuard,
  }: { edit: EditService; jobs: JobsService; uploadsDir: string; uploadGuard: UploadGuard },
  {
    userId,
    apiKey,
    waits = false,
  }: {
    userId: string;
    apiKey?: KeyCharge | undefined;
    /** The caller waits for the picture and sees no preview: none is asked for (docs/decisions/058). */
    waits?: boolean;
  },
): ReturnType<JobsService['submit']> {
  edit.assertAvailable();
  await jobs.assertCanPay(userId, jobs.costOf('edit'), apiKey);
  const admission = await uploadGuard.admit(userId, { manyPictures: false });
  try {
    const upload = await readEditUpload(request, names, uploadsDir, admission.budget);
    try {
      const fields = names.fields ? names.fields(upload.fields) : upload.fields;
      const { params, files } = await edit.check({ ...upload, fields }, names.maskChanges);
      return await jobs.submit(userId, 'edit', waits ? { ...params, previews: false } : params, files, apiKey);
    } finally {
      await upload.dispose();
    }
  } finally {
    admission.release();
  }
}
