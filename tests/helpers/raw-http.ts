// One HTTP request exactly as given (method, raw path, headers, a body sent whole or chunked),
// for host tests whose requests fetch() would tidy up or refuse to send.
import http from "node:http";

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with a Content-Length unless `chunked`, or as chunks (Transfer-Encoding: chunked). */
  body?: Buffer | string | Iterable<Buffer>;
  chunked?: boolean;
  /** Drop the connection once the response starts (a shopper closing the tab). */
  abortOnResponse?: boolean;
  timeoutMs?: number;
};

/** Status 0 (with `error`) when no answer came: the connection failed or was reset first. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; error?: string };

const failed = (error: string): RawAnswer => ({ status: 0, headers: {}, body: "", error });

export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      req?.destroy();
    };
    // As browsers do. Without an agent Node's client would ask for `Connection: close`, and a server
    // then closes right after answering, so an answer given while the body is still being sent
    // (a 413, a 403) would be lost in the connection reset.
    const headers: Record<string, string> = { connection: "keep-alive", ...request.headers };
    const whole = request.body === undefined || typeof request.body === "string" || Buffer.isBuffer(request.body) ? request.body : undefined;
    if (request.chunked) headers["transfer-encoding"] = "chunked";
    else if (whole !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-length")) {
      headers["content-length"] = String(Buffer.byteLength(whole));
    }
    try {
      req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false });
    } catch (error) {
      return settle(failed(`not sent: ${String(error)}`));
    }
    const sent = req;
    sent.setTimeout(request.timeoutMs ?? 30_000, () => sent.destroy(new Error("timed out")));
    sent.on("response", (res) => {
      if (request.abortOnResponse) {
        sent.destroy();
        return settle({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (error) => settle({ status: res.statusCode ?? 0, headers: res.headers, body: `(cut: ${error.message})` }));
    });
    // The server may answer (413) and close before the whole body is sent: the answer still counts.
    sent.on("error", (error) => settle(failed(error.message)));
    if (request.body === undefined) return void sent.end();
    if (whole !== undefined) return void sent.end(whole);
    void (async () => {
      for (const chunk of request.body as Iterable<Buffer>) {
        if (sent.destroyed) return;
        if (!sent.write(chunk)) await drainedOrClosed(sent);
      }
      if (!sent.destroyed) sent.end();
    })();
  });
}

/** Resolves when the request can take more or has closed, leaving no listener behind (one per chunk would pile up). */
function drainedOrClosed(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off("drain", done);
      request.off("close", done);
      resolve();
    };
    request.on("drain", done);
    request.on("close", done);
  });
}
