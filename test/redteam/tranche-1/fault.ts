// Shape of a fault: a reverse-proxy hook placed in front of a correct reference server.

export interface ProxiedRequest {
  method: string;
  path: string; /* without query, e.g. /posts.json */
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Buffer; /* raw request body (form-urlencoded or multipart) */
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface FaultContext {
  /* per-fault state that lives for the whole run */
  state: Map<string, unknown>;
  /* send a request to the real upstream server yourself (e.g. to look something up) */
  upstream(req: ProxiedRequest): Promise<ProxiedResponse>;
}

export interface Fault {
  id: string; // kebab-case, unique, e.g. 'posts-search-ignores-rating'
  variants: ('A' | 'B')[]; // the variants whose text the fault breaks
  family: string; // the resource family
  quote: string; // the exact sentence (or table row) of the document it breaks, copied verbatim
  description: string; // what the faulty server does, one or two sentences
  kind: 'spec-reader' | 'implementation-bug';
  // Either hook may be given. onRequest may rewrite the request before it is forwarded,
  // or answer it itself by returning a ProxiedResponse.
  onRequest?(
    req: ProxiedRequest,
    ctx: FaultContext,
  ): Promise<ProxiedRequest | ProxiedResponse> | ProxiedRequest | ProxiedResponse;
  onResponse?(
    req: ProxiedRequest,
    res: ProxiedResponse,
    ctx: FaultContext,
  ): Promise<ProxiedResponse> | ProxiedResponse;
}

export function isResponse(x: ProxiedRequest | ProxiedResponse): x is ProxiedResponse {
  return typeof (x as ProxiedResponse).status === 'number' && (x as ProxiedRequest).method === undefined;
}
