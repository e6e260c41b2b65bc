/** HttpResponse <-> WireResponse, for fetches made in another context. */
import { HttpError, type HttpFetch, type HttpResponse } from '../http/types.ts';
import { base64ToBytes, bytesToBase64 } from '../http/base64.ts';
import type { WireFetchReply, WireResponse } from './messages.ts';

export function toWire(response: HttpResponse): WireResponse {
  const { body, ...rest } = response;
  return { ...rest, bodyBase64: bytesToBase64(body) };
}

export function fromWire(wire: WireResponse): HttpResponse {
  const { bodyBase64, ...rest } = wire;
  return { ...rest, body: base64ToBytes(bodyBase64) };
}

/** Runs a fetch and packs its outcome, errors included, for the wire. */
export async function fetchToWire(
  http: HttpFetch,
  request: Parameters<HttpFetch>[0],
): Promise<WireFetchReply> {
  try {
    return { ok: true, response: toWire(await http(request)) };
  } catch (error) {
    const failure = error instanceof HttpError ? error : new HttpError('other', String(error));
    return { ok: false, kind: failure.kind, message: failure.message };
  }
}

/** Unpacks a wire reply back into a response or the HttpError it was. */
export function replyToResponse(reply: WireFetchReply): HttpResponse {
  if (reply.ok) return fromWire(reply.response);
  throw new HttpError(reply.kind, reply.message);
}
