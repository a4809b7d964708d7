import type { ImageEditStreamEvent, ImageGenStreamEvent } from 'openai/resources/images';

/** Partial pictures asked of a provider that streams (OpenAI allows 0–3; docs/decisions/058). */
export const partialImagesAsked = 2;

/** The final picture of a streamed Images API answer, with the usage OpenAI reported for it. */
export type StreamedImage = {
  bytes: Buffer;
  usage?: { input_tokens: number; output_tokens: number; total_tokens: number };
};

/**
 * Reads OpenAI's streamed image answer (`stream: true` on `/v1/images/generations` or
 * `/v1/images/edits`, through the SDK): each `*.partial_image` goes to `onPartial` as it comes,
 * and the `*.completed` event is the result. OpenAI may send the final picture before all the
 * partial ones it was asked for, so the count is never awaited; anything after `completed` is
 * not read. A stream that ends without `completed` is `undefined`: the caller fails the call.
 * `onPartial` is awaited, so a slow consumer slows the read instead of piling pictures up.
 */
export async function readImageStream(
  events: AsyncIterable<ImageGenStreamEvent | ImageEditStreamEvent>,
  onPartial: ((image: Buffer, index: number) => Promise<void>) | undefined,
): Promise<StreamedImage | undefined> {
  for await (const event of events) {
    if (event.type === 'image_generation.partial_image' || event.type === 'image_edit.partial_image') {
      if (onPartial && event.b64_json)
        await onPartial(Buffer.from(event.b64_json, 'base64'), event.partial_image_index);
    } else if (event.type === 'image_generation.completed' || event.type === 'image_edit.completed') {
      if (!event.b64_json) return undefined;
      const usage = event.usage
        ? {
            input_tokens: event.usage.input_tokens,
            output_tokens: event.usage.output_tokens,
            total_tokens: event.usage.total_tokens,
          }
        : undefined;
      return { bytes: Buffer.from(event.b64_json, 'base64'), ...(usage ? { usage } : {}) };
    }
  }
  return undefined;
}
