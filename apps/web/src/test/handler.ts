/** What a web test's fake API is told: a request as the page sent it, and the answer to give. */
export type Call = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  token: string | null;
};
export type Answer = [status: number, body: unknown] | Response;
export type Handler = Answer | ((call: Call) => Answer | Promise<Answer>);
