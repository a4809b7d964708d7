import { clipdropPaths, toolIds } from '@lumigen/contract/tools';

/**
 * The guide's code samples, for the server they are read on (`origin`; a placeholder in the
 * prerendered page). Paths, fields and headers are the API's own: see /api/openapi.json.
 */
export function examples(origin: string) {
  return {
    setup: `export LUMIGEN=${origin}
# An API key from /profile → Developers (shown once, starts with lk_)
export LUMIGEN_KEY=lk_...`,

    login: `TOKEN=$(curl -s "$LUMIGEN/api/user/login" \\
  -H 'content-type: application/json' \\
  -d '{"email":"you@example.com","password":"your password"}' | jq -r .token)

curl -s -X POST "$LUMIGEN/api/image/get-credit" -H "token: $TOKEN"`,

    generate: `curl -s "$LUMIGEN/api/image/generate-image" \\
  -H "token: $TOKEN" -H 'content-type: application/json' \\
  -d '{"prompt":"a lighthouse on the coast at dusk","model":"dall-e-3","size":"1024x1024"}' \\
  | jq -r .image | cut -d, -f2 | base64 -d > lighthouse.png`,

    tool: `curl -s "$LUMIGEN/api/image/tools/remove-background" \\
  -H "token: $TOKEN" -F image_file=@photo.jpg \\
  | jq -r .image | cut -d, -f2 | base64 -d > cutout.png`,

    job: `JOB=$(curl -s "$LUMIGEN/api/jobs/tools/upscale" -H "token: $TOKEN" \\
  -F image_file=@photo.jpg -F target_width=2048 -F target_height=2048 | jq -r .jobId)

# Server-Sent Events: queued, running, progress, then succeeded / failed / canceled
curl -N "$LUMIGEN/api/jobs/$JOB/events" -H "token: $TOKEN"`,

    openaiCurl: `curl -s "$LUMIGEN/v1/images/generations" \\
  -H "Authorization: Bearer $LUMIGEN_KEY" -H 'content-type: application/json' \\
  -d '{"prompt":"a lighthouse on the coast at dusk","size":"1024x1024","response_format":"b64_json"}' \\
  | jq -r '.data[0].b64_json' | base64 -d > lighthouse.png`,

    openaiNode: `import { writeFile } from 'node:fs/promises';
import OpenAI from 'openai';

// The official client, pointed at ${origin}/v1: your key, our credits.
const client = new OpenAI({ apiKey: process.env.LUMIGEN_KEY, baseURL: '${origin}/v1' });

const result = await client.images.generate({
  prompt: 'a lighthouse on the coast at dusk',
  size: '1024x1024',
  response_format: 'b64_json',
});
await writeFile('lighthouse.png', Buffer.from(result.data[0].b64_json, 'base64'));`,

    openaiPython: `import base64, os
from openai import OpenAI

client = OpenAI(api_key=os.environ["LUMIGEN_KEY"], base_url="${origin}/v1")
result = client.images.generate(
    prompt="a lighthouse on the coast at dusk",
    size="1024x1024",
    response_format="b64_json",
)
open("lighthouse.png", "wb").write(base64.b64decode(result.data[0].b64_json))`,

    clipdrop: `import { readFile, writeFile } from 'node:fs/promises';

const form = new FormData();
form.append('image_file', new Blob([await readFile('photo.jpg')]), 'photo.jpg');

const response = await fetch('${origin}/clipdrop${clipdropPaths['remove-background']}', {
  method: 'POST',
  headers: { 'x-api-key': process.env.LUMIGEN_KEY },
  body: form,
});
if (!response.ok) throw new Error((await response.json()).error);
console.log('credits left:', response.headers.get('x-remaining-credits'));
await writeFile('cutout.png', Buffer.from(await response.arrayBuffer()));`,
  };
}

/** Our Clipdrop-compatible endpoints: Clipdrop's own paths, under /clipdrop. */
export const clipdropEndpoints = toolIds.map((tool) => ({ tool, path: `/clipdrop${clipdropPaths[tool]}` }));

/** Shown in the prerendered page until the browser knows which server it is on. */
export const placeholderOrigin = 'https://lumigen.example';
